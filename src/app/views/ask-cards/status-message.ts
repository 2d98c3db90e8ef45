import type { AskOutcome } from '../../../wire/write-json';
import { t, type MessageKey } from '../../i18n';
import { bridgeErrorText } from '../bridge-error-copy';
import type { CardStatus } from '../../stores/card-status';

/** `taken` has no sentence: a taken card leaves the list at once. */
const OUTCOME_COPY: Record<AskOutcome, MessageKey | null> = {
  busy: 'ask.outcome.busy',
  taken: null,
  stale: 'ask.outcome.stale',
  'decided-in-agent': 'ask.outcome.decidedInAgent',
  'timed-out': 'ask.outcome.timedOut',
  'already-answered': 'ask.outcome.alreadyAnswered',
  'too-late': 'ask.outcome.tooLate',
  'not-sent': 'ask.outcome.notSent',
  unknown: 'ask.outcome.unknown',
  'maybe-applied': 'ask.outcome.maybeApplied',
};

/** The sentence a card shows about the person's latest tap, or null when there is none. */
export function statusMessage(status: CardStatus): string | null {
  switch (status.phase) {
    case 'idle':
      return null;
    case 'sending':
      return t('ask.sending');
    case 'offline':
      return t(status.bridge ? 'tap.bridgeDown' : 'tap.offline');
    case 'refused':
      // The agent itself refused the tap, not the bridge: its own sentence, not "the bridge refused".
      if (status.reason === 'caller-refused') return t('act.refused.callerRefused');
      return t('ask.outcome.refused', { reason: bridgeErrorText(status.reason) });
    case 'done': {
      const key = OUTCOME_COPY[status.outcome];
      return key ? t(key) : null;
    }
  }
}

/** A tap that went wrong, which a screen reader says at once: refused, offline, or not sure it arrived. */
export function isTrouble(status: CardStatus): boolean {
  if (status.phase === 'refused' || status.phase === 'offline') return true;
  return status.phase === 'done' && (status.outcome === 'unknown' || status.outcome === 'maybe-applied' || status.outcome === 'not-sent');
}
