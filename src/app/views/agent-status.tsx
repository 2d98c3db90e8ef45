import type { AgentRow } from '../../wire/bridge-json';
import { t } from '../i18n';

/** What an agent that cannot be read says instead of its counts. */
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
