import { useId } from 'preact/hooks';
import type { ChatJson } from '../../../wire/bridge-json';
import { t } from '../../i18n';
import type { ActsStore } from '../../stores/acts-store';
import { ManageTarget } from './manage-target';

interface Props {
  acts: ActsStore;
  chat: ChatJson;
  agentName: string;
  paneId: string;
  onClosed(): void;
}

/** A chat's small "Manage" area: rename or close this conversation, for the caps the agent declares. */
export function ManageSection({ acts, chat, agentName, paneId, onClosed }: Props) {
  const headingId = useId();
  const caps = { rename: chat.agent.caps?.rename === true, close: chat.agent.caps?.close === true };
  if (!caps.rename && !caps.close) return null;
  return (
    <section class="manage" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('manage.title')}</h3>
      <ManageTarget acts={acts} agentName={agentName} target="pane" id={paneId} title={chat.pane.title} caps={caps} onClosed={onClosed} />
    </section>
  );
}
