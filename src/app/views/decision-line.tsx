import type { LiHTMLAttributes } from 'preact';
import type { DecisionEntry } from '../../wire/bridge-json';
import { listWords, t } from '../i18n';

/** The line an ask leaves when it closes: who decided, and for a phone's answer, what it was. */
export function decisionText(entry: DecisionEntry): string {
  if (entry.decidedBy === 'timeout') return t('chat.timedOut', { title: entry.title });
  if (entry.decidedBy === 'program') return t('chat.decidedInAgent', { title: entry.title });
  const answered = entry.answered;
  if (answered && 'labels' in answered) return t('chat.youAnswered', { answer: listWords(answered.labels) });
  return t(answered?.typed === 'form' ? 'chat.youAnsweredForm' : 'chat.youSentAnswer');
}

/** `place` is what the windowed list puts on each row (its ref, its place in the chat). */
export function DecisionLine({ entry, place }: { entry: DecisionEntry; place?: LiHTMLAttributes<HTMLLIElement> }) {
  return (
    <li {...place} class={`entry decision decided-by-${entry.decidedBy}`} data-decided-by={entry.decidedBy}>
      {decisionText(entry)}
    </li>
  );
}
