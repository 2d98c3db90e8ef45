import type { PhoneAsk } from '../../wire/bridge-json';
import type { Answer } from '../../wire/types';
import { t, type MessageKey } from '../i18n';
import type { CardState } from '../stores/chat-store';

const OUTCOME_COPY: Record<string, MessageKey> = {
  stale: 'ask.outcome.stale',
  'decided-in-agent': 'ask.outcome.decidedInAgent',
  'timed-out': 'ask.outcome.timedOut',
  'already-answered': 'ask.outcome.alreadyAnswered',
  'too-late': 'ask.outcome.tooLate',
  unknown: 'ask.outcome.unknown',
  'maybe-applied': 'ask.outcome.maybeApplied',
};

export function cardMessage(state: CardState | undefined): string | null {
  if (!state || state.phase === 'sending') return null;
  if (state.phase === 'refused') return t('ask.outcome.refused', { reason: state.reason });
  const key = OUTCOME_COPY[state.outcome];
  return key ? t(key) : null;
}

interface Props {
  ask: PhoneAsk;
  agentName: string;
  state: CardState | undefined;
  onAnswer: (answer: Answer) => void;
}

/** One question from the agent. Every string on it is the bridge's cleaned text, drawn as text. */
export function AskCard({ ask, agentName, state, onAnswer }: Props) {
  const sending = state?.phase === 'sending';
  const message = cardMessage(state);
  return (
    <article class="ask-card" aria-label={ask.title} data-ask-id={ask.id}>
      <p class="ask-from">{t('ask.from', { agent: agentName })}</p>
      <h3 class="ask-title">{ask.title}</h3>
      {ask.shortened && <p class="ask-shortened">{t('ask.shortened')}</p>}
      {ask.reason && <p class="ask-reason">{ask.reason}</p>}
      {ask.kind === 'choice' && !ask.multiple ? (
        <div class="ask-options">
          {ask.options.map((option) => (
            <button
              key={option.id}
              type="button"
              class="ask-option"
              disabled={sending}
              onClick={() => onAnswer({ optionIds: [option.id] })}
            >
              {option.label}
            </button>
          ))}
        </div>
      ) : (
        <p class="ask-unanswerable">{t('ask.unanswerable')}</p>
      )}
      {sending && <p class="ask-status" role="status">{t('ask.sending')}</p>}
      {message && <p class="ask-status" role="status">{message}</p>}
    </article>
  );
}
