import { useEffect } from 'preact/hooks';
import { t } from '../../i18n';
import type { ActsStore } from '../../stores/acts-store';
import type { ConversationsStore } from '../../stores/conversations-store';
import { useCanAct } from '../can-act';
import '../list/list.css';
import { hasManage } from './has-manage';
import { WorkspacesSection } from './workspaces-section';

/**
 * An agent's Manage screen: its workspaces and tabs, each with Rename and Close (the second tap
 * closes), kept off the conversations list so a tap meant for a chat never lands on them.
 */
export function ManageView({ store, acts, agentName }: { store: ConversationsStore; acts: ActsStore; agentName: string }) {
  useEffect(() => store.show(agentName), [store, agentName]);
  const canAct = useCanAct();
  const agent = store.agent.value;
  const layout = store.layout.value;
  return (
    <main class={`screen manage-screen${store.stale.value ? ' stale' : ''}`}>
      {store.missing.value && (
        <p class="banner" role="status">
          {t('conversations.notFound')}
        </p>
      )}
      {agent && canAct && !hasManage(agent.caps, layout.length) && <p class="muted">{t('manage.nothing')}</p>}
      {canAct && <WorkspacesSection acts={acts} agentName={agentName} layout={layout} caps={agent?.caps ?? null} />}
    </main>
  );
}
