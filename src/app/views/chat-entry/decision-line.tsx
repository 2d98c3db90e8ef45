import type { LiHTMLAttributes } from 'preact';
import type { DecisionEntry } from '../../../wire/bridge-json';
import { listWords, t } from '../../i18n';
import type { GivenAnswer, GivenValue } from '../../stores/given-answer';
import { UnreadLine } from './unread-line';
import { clockTime } from '../time/clock';
import { pageLocale } from '../time/time-words';
import { useThisDevice } from '../this-device';
import './decision-line.css';

/** The line's words: who decided, and for a phone's answer, what it was (never "you": another phone may read it). */
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

/** The question as the card headed it, from the bridge's line: a permission by its tool, never by the model's title. */
function lineQuestion(entry: DecisionEntry): string | null {
  if (entry.tool !== undefined) return t('ask.permission.headline', { tool: entry.tool });
  return entry.title || null;
}

/** The answer's lines: this phone's own record where it has one (the text typed, a form's values), else the bridge's words. */
function answerLines(entry: DecisionEntry, given: GivenAnswer | undefined): string[] {
  if (!given) return [decisionText(entry)];
  const { answer } = given;
  if ('fields' in answer && answer.fields.length > 0)
    return [t('chat.answeredFields'), ...answer.fields.map((f) => t('chat.answerField', { label: f.label, value: valueText(f.value) }))];
  if ('text' in answer && answer.text) return [t('chat.answered', { answer: t('chat.quoted', { text: answer.text }) })];
  if ('labels' in answer) return [decisionText(entry.answered && 'labels' in entry.answered ? entry : { ...entry, answered: { labels: answer.labels } })];
  return [decisionText(entry)];
}

/** Who answered and when, as the bridge recorded it: this phone or the other device by name, from a notification, the time. */
function metaText(entry: DecisionEntry, me: string | null): string | null {
  const parts: string[] = [];
  if (entry.by) parts.push(entry.by.deviceId === me ? t('chat.byThisPhone') : t('chat.byDevice', { device: entry.by.device }));
  if (entry.by?.via === 'notification') parts.push(t('chat.viaNotification'));
  const at = entry.at === undefined ? NaN : Date.parse(entry.at);
  if (!Number.isNaN(at)) parts.push(clockTime(at, pageLocale()));
  return parts.length > 0 ? parts.join(' · ') : null;
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

/**
 * The line an ask leaves. A phone's answer is drawn the same on every paired phone: the question,
 * the answer in the card's words, who answered and when (the phone that typed a text or a form
 * also shows what it typed, from its own record: the bridge never keeps typed text).
 */
export function DecisionLine({ entry, place, day, unread, given }: Props) {
  const me = useThisDevice();
  if (entry.decidedBy !== 'phone') {
    return (
      <li {...place} class={`entry decision decided-by-${entry.decidedBy}`} data-decided-by={entry.decidedBy} data-day={day}>
        {unread && <UnreadLine />}
        {decisionText(entry)}
      </li>
    );
  }
  const question = given ? questionText(given) : lineQuestion(entry);
  const meta = metaText(entry, me);
  return (
    <li {...place} class="entry decision decided-by-phone given" data-decided-by="phone" data-day={day}>
      {unread && <UnreadLine />}
      <div class="given-bubble">
        {question && <span class="given-question">{question}</span>}
        {answerLines(entry, given).map((line, i) => (
          <span key={i} class={i === 0 ? 'given-answer' : 'given-field'}>
            {line}
          </span>
        ))}
        {meta && <span class="given-meta">{meta}</span>}
      </div>
    </li>
  );
}
