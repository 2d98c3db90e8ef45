import type { ReadonlySignal } from '@preact/signals';
import { t } from '../i18n';
import { hrefOf, type Route } from '../router';
import type { AppStores } from '../stores/create-stores';
import { CanAct } from './can-act';
import { ChatView } from './chat-view';
import { ClosedChatView } from './closed-chat-view';
import { ConnectionBanner } from './connection-banner';
import { ConversationsView } from './conversations-view';
import { DashboardView } from './dashboard-view';
import { PairScreen } from './pair-screen';
import { SettingsView } from './settings-view';

function backOf(route: Route): Route | null {
  if (route.screen === 'chat' || route.screen === 'closed') return { screen: 'agent', agent: route.agent };
  if (route.screen === 'agent' || route.screen === 'settings') return { screen: 'dashboard' };
  return null;
}

/** The app's frame: the top bar, the connection banner, and the screen the route names, once the phone is paired. */
export function AppView({ stores, route }: { stores: AppStores; route: ReadonlySignal<Route> }) {
  const pairing = stores.pairing.state.value;
  const paired = pairing.phase === 'paired';
  const current = route.value;
  const back = paired ? backOf(current) : null;
  const canAct = stores.pairing.canAct.value;
  return (
    <CanAct.Provider value={canAct}>
      <header class="top-bar">
        {back && (
          <a class="back" href={hrefOf(back)}>
            {t('nav.back')}
          </a>
        )}
        <h1>{t('app.title')}</h1>
        {paired && current.screen !== 'settings' && (
          <a class="settings-link" href={hrefOf({ screen: 'settings' })}>
            {t('nav.settings')}
          </a>
        )}
      </header>
      <ConnectionBanner state={stores.connection.state.value} />
      {!paired && <PairScreen state={pairing} />}
      {paired && !canAct && (
        <p class="banner" role="note">
          {t('watch.note')}
        </p>
      )}
      {paired && current.screen === 'dashboard' && <DashboardView store={stores.dashboard} connection={stores.connection} />}
      {paired && current.screen === 'settings' && <SettingsView pairing={stores.pairing} />}
      {paired && current.screen === 'agent' && <ConversationsView store={stores.conversations} acts={stores.acts} agentName={current.agent} />}
      {paired && current.screen === 'chat' && <ChatView store={stores.chat} acts={stores.acts} agentName={current.agent} paneId={current.paneId} />}
      {paired && current.screen === 'closed' && <ClosedChatView store={stores.history} acts={stores.acts} agentName={current.agent} conversationId={current.conversationId} />}
    </CanAct.Provider>
  );
}
