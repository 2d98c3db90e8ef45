import type { AgentRow, ReasonCode } from '../../wire/bridge-json';
import { versionRangeText as range } from '../../wire/version-range';
import { t, type MessageKey } from '../i18n';

const REASON_COPY: Record<Exclude<ReasonCode, 'version-mismatch'>, MessageKey> = {
  timeout: 'reason.timeout',
  'connection-refused': 'reason.connectionRefused',
  'no-socket': 'reason.noSocket',
  'connection-lost': 'reason.connectionLost',
  'too-large': 'reason.tooLarge',
  'not-json': 'reason.notJson',
  'bad-address': 'reason.badAddress',
  'certificate-refused': 'reason.certificateRefused',
  'address-refused': 'reason.addressRefused',
  'bad-reply': 'reason.badReply',
  'not-durable': 'reason.notDurable',
  'token-refused': 'reason.tokenRefused',
  /** "{machine} is not answering": an agent of another machine of the crew (`machine` names it). */
  'machine-not-answering': 'reason.machineNotAnswering',
  unknown: 'reason.unknown',
};

/**
 * Why an agent cannot be read, in the phone's language: from the bridge's code, else (a code this
 * build does not know) the bridge's own words.
 */
export function reasonText(agent: AgentRow): string | undefined {
  const code = agent.reasonCode;
  if (code === 'version-mismatch' && agent.versions) return t('reason.versionMismatch', { agent: range(agent.versions.agent), collie: range(agent.versions.collie) });
  if (code !== undefined && code !== 'version-mismatch' && Object.hasOwn(REASON_COPY, code)) return t(REASON_COPY[code], { machine: agent.machine?.label ?? '' });
  return agent.reason;
}

/** What an agent that cannot be read says instead of its counts (dashboard, list). */
export function agentStatusText(agent: AgentRow): string | null {
  switch (agent.status) {
    case 'ok':
      return null;
    case 'starting':
      return t('durable.starting');
    case 'version-mismatch':
      return t('durable.versionMismatch');
    case 'token-refused':
      return t('durable.tokenRefused');
    case 'unreachable': {
      const reason = reasonText(agent);
      return reason ? t('durable.unreachableWhy', { reason }) : t('durable.unreachable');
    }
  }
}

/** The same, in a chat: what shows is the last known state. */
export function agentStaleText(agent: AgentRow): string | null {
  switch (agent.status) {
    case 'ok':
      return null;
    case 'starting':
      return t('chat.agentStarting');
    case 'version-mismatch':
      return t('chat.agentVersionMismatch');
    case 'token-refused':
      return t('chat.agentTokenRefused');
    case 'unreachable':
      return t('chat.agentUnreachable', { reason: reasonText(agent) ?? t('durable.unreachable') });
  }
}
