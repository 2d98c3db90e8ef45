import type { ReadonlySignal } from '@preact/signals';
import { t } from '../i18n';
import { hrefOf, type Route } from '../router';
import type { AppStores } from '../stores/create-stores';
import { ChatView } from './chat-view';
import { ConversationsView } from './conversations-view';
import { DashboardView } from './dashboard-view';

export function AppView({ stores, route }: { stores: AppStores; route: ReadonlySignal<Route> }) {
  const current = route.value;
  const back: Route | null =
    current.screen === 'chat' ? { screen: 'agent', agent: current.agent } : current.screen === 'agent' ? { screen: 'dashboard' } : null;
  return (
    <>
      <header class="top-bar">
        {back && <a class="back" href={hrefOf(back)}>{t('nav.back')}</a>}
        <h1>{t('app.title')}</h1>
      </header>
      {current.screen === 'dashboard' && <DashboardView store={stores.dashboard} />}
      {current.screen === 'agent' && <ConversationsView store={stores.conversations} agentName={current.agent} />}
      {current.screen === 'chat' && <ChatView store={stores.chat} agentName={current.agent} paneId={current.paneId} />}
    </>
  );
}
