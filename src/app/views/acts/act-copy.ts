import { isRefusalReason, type ActOutcome, type RefusalReason } from '../../../wire/write-json';
import { t, type MessageKey } from '../../i18n';
import { bridgeErrorText } from '../bridge-error-copy';
import type { ActStatus } from '../../stores/acts-store';

/** One sentence per reason an act was refused. */
const REFUSAL_COPY: Record<RefusalReason, MessageKey> = {
  busy: 'act.refused.busy',
  'ask-open': 'act.refused.askOpen',
  'turn-moved': 'act.refused.turnMoved',
  'no-turn': 'act.refused.noTurn',
  'not-found': 'act.refused.notFound',
  'too-long': 'act.refused.tooLong',
  empty: 'act.refused.empty',
  'bad-request': 'act.refused.badRequest',
  'agent-refused': 'act.refused.agentRefused',
  'caller-refused': 'act.refused.callerRefused',
};

const OUTCOME_COPY: Record<Exclude<ActOutcome, 'refused' | 'unknown'>, MessageKey> = {
  done: 'act.outcome.done',
  sent: 'act.outcome.sent',
  queued: 'act.outcome.queued',
  steered: 'act.outcome.steered',
  stopped: 'act.outcome.stopped',
  idle: 'act.outcome.idle',
  'not-sent': 'act.outcome.notSent',
  'maybe-applied': 'act.outcome.maybeApplied',
};

/** A refusal in plain words; a reason this build does not know reads as a bare refusal. */
export function refusalText(reason: string | undefined): string {
  return reason !== undefined && isRefusalReason(reason) ? t(REFUSAL_COPY[reason]) : t('act.refused.none');
}

/** The sentence a control shows about the person's latest tap on it, or null when there is none. */
export function actStatusText(status: ActStatus): string | null {
  switch (status.phase) {
    case 'idle':
      return null;
    case 'sending':
      return t('act.sending');
    case 'offline':
      return t('tap.offline');
    case 'failed':
      return t('act.outcome.failed', { reason: bridgeErrorText(status.message) });
    case 'done': {
      const { outcome, reason } = status.reply;
      if (outcome === 'refused') return refusalText(reason);
      // Typed text may have reached the agent: the chat tells before the person sends it again.
      if (outcome === 'unknown') return t(status.act === 'send' || status.act === 'steer' ? 'act.outcome.unknownText' : 'act.outcome.unknown');
      return t(OUTCOME_COPY[outcome]);
    }
  }
}
