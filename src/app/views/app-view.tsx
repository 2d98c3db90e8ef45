import type { ReadonlySignal } from '@preact/signals';
import { t } from '../i18n';
import { hrefOf, type Route } from '../router';
import type { AppStores } from '../stores/create-stores';
import { ChatView } from './chat-view';
import { ClosedChatView } from './closed-chat-view';
import { ConnectionBanner } from './connection-banner';
import { ConversationsView } from './conversations-view';
import { DashboardView } from './dashboard-view';

function backOf(route: Route): Route | null {
  if (route.screen === 'chat' || route.screen === 'closed') return { screen: 'agent', agent: route.agent };
  if (route.screen === 'agent') return { screen: 'dashboard' };
  return null;
}

export function AppView({ stores, route }: { stores: AppStores; route: ReadonlySignal<Route> }) {
  const current = route.value;
  const back = backOf(current);
  return (
    <>
      <header class="top-bar">
        {back && (
          <a class="back" href={hrefOf(back)}>
            {t('nav.back')}
          </a>
        )}
        <h1>{t('app.title')}</h1>
      </header>
      <ConnectionBanner state={stores.connection.state.value} />
      {current.screen === 'dashboard' && <DashboardView store={stores.dashboard} connection={stores.connection} />}
      {current.screen === 'agent' && <ConversationsView store={stores.conversations} acts={stores.acts} agentName={current.agent} />}
      {current.screen === 'chat' && <ChatView store={stores.chat} acts={stores.acts} agentName={current.agent} paneId={current.paneId} />}
      {current.screen === 'closed' && <ClosedChatView store={stores.history} acts={stores.acts} agentName={current.agent} conversationId={current.conversationId} />}
    </>
  );
}
