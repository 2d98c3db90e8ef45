import type { LiHTMLAttributes } from 'preact';
import type { DecisionEntry } from '../../wire/bridge-json';
import { listWords, t } from '../i18n';
import type { GivenAnswer, GivenValue } from '../stores/given-answer';
import { UnreadLine } from './chat/unread-line';
import './decision-line.css';

/**
 * The line an ask leaves when it closes: who decided, and for a phone's answer, what it was. The
 * bridge does not say which phone answered, so the words claim no "you": a watch-only phone, or
 * another paired phone, reads them too.
 */
export function decisionText(entry: DecisionEntry): string {
  if (entry.decidedBy === 'timeout') return t('chat.timedOut', { title: entry.title });
  if (entry.decidedBy === 'program') return t('chat.decidedInAgent', { title: entry.title });
  const answered = entry.answered;
  if (answered && 'labels' in answered) return t('chat.answered', { answer: listWords(answered.labels) });
  return t(answered?.typed === 'form' ? 'chat.answeredForm' : 'chat.answeredText');
}

/** A form field's value in words: the text typed, on or off, the options taken; a secret only as dots. */
function valueText(value: GivenValue): string {
  if ('text' in value) return value.text;
  if ('on' in value) return t(value.on ? 'chat.fieldOn' : 'chat.fieldOff');
  if ('labels' in value) return listWords(value.labels);
  return t('chat.secretValue');
}

/** The question as its card headed it: a permission by its tool, never by the model's title. */
function questionText(given: GivenAnswer): string {
  const { question } = given;
  if ('title' in question) return question.title;
  return question.tool === null ? t('ask.permission.noTool') : t('ask.permission.headline', { tool: question.tool });
}

/**
 * What this phone answered, from its own record: the question, then the answer as it was given
 * (the options' labels as the bridge names them, the text typed, the form's values). Null when
 * there is nothing to add to the bridge's words (an empty text, a form left empty).
 */
function GivenBubble({ entry, given }: { entry: DecisionEntry; given: GivenAnswer }) {
  const { answer } = given;
  let lines: string[];
  if ('fields' in answer)
    lines = answer.fields.length > 0 ? [t('chat.answeredFields'), ...answer.fields.map((f) => t('chat.answerField', { label: f.label, value: valueText(f.value) }))] : [];
  else if ('text' in answer) lines = answer.text ? [t('chat.answered', { answer: t('chat.quoted', { text: answer.text }) })] : [];
  else lines = [decisionText(entry.answered && 'labels' in entry.answered ? entry : { ...entry, answered: { labels: answer.labels } })];
  return (
    <div class="given-bubble">
      <span class="given-question">{questionText(given)}</span>
      {lines.length > 0 ? (
        lines.map((line, i) => (
          <span key={i} class={i === 0 ? 'given-answer' : 'given-field'}>
            {line}
          </span>
        ))
      ) : (
        <span class="given-answer">{decisionText(entry)}</span>
      )}
    </div>
  );
}

interface Props {
  entry: DecisionEntry;
  /** What the windowed list puts on each row (its ref, its place in the chat). */
  place?: LiHTMLAttributes<HTMLLIElement>;
  /** The day heading, when the line is its day's first row. */
  day?: string | undefined;
  unread?: boolean | undefined;
  /** This phone's record of its answer (only for a line decided by a phone). */
  given?: GivenAnswer | undefined;
}

export function DecisionLine({ entry, place, day, unread, given }: Props) {
  const shown = entry.decidedBy === 'phone' ? given : undefined;
  return (
    <li {...place} class={`entry decision decided-by-${entry.decidedBy}${shown ? ' given' : ''}`} data-decided-by={entry.decidedBy} data-day={day}>
      {unread && <UnreadLine />}
      {shown ? <GivenBubble entry={entry} given={shown} /> : decisionText(entry)}
    </li>
  );
}
