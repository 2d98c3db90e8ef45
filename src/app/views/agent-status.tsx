import type { AgentRow } from '../../wire/bridge-json';
import { t } from '../i18n';

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
    case 'unreachable':
      return agent.reason ? t('durable.unreachableWhy', { reason: agent.reason }) : t('durable.unreachable');
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
      return t('chat.agentUnreachable', { reason: agent.reason ?? t('durable.unreachable') });
  }
}
