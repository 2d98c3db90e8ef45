import type { ReadonlySignal } from '@preact/signals';
import { t } from '../i18n';
import { hrefOf, parentOf, type Route } from '../routes';
import type { AppStores } from '../stores/create-stores';
import { CanAct } from './can-act';
import { Drafts } from './drafts';
import { ChatView } from './chat-view';
import { ClosedChatView } from './closed-chat-view';
import { ConnectionBanner } from './connection-banner';
import { DashboardView } from './dashboard-view';
import { lazyScreen } from './lazy-screen';
import { UpdateBanner } from './pwa/update-banner';
import { useScreenPlace } from './screen-place';

// Screens a phone seldom opens load on first use: the first screen's JavaScript stays small.
const PairScreen = lazyScreen(() => import('./pair-screen').then((m) => m.PairScreen));
const SettingsView = lazyScreen(() => import('./settings-view').then((m) => m.SettingsView));
const ManageView = lazyScreen(() => import('./manage/manage-view').then((m) => m.ManageView));
// An agent's list too: its data is asked for at once all the same (first-read.ts), beside its code.
const ConversationsView = lazyScreen(() => import('./conversations-view').then((m) => m.ConversationsView));

/** The document's title for a screen: what it shows, then the app's name. */
function screenTitle(route: Route, stores: AppStores, paired: boolean): string {
  const app = t('app.title');
  if (!paired) return `${t('pair.title')} · ${app}`;
  switch (route.screen) {
    case 'dashboard':
      return app;
    case 'settings':
      return `${t('settings.title')} · ${app}`;
    case 'agent':
      return `${route.agent} · ${app}`;
    case 'chat':
      return `${stores.chat.chat.value?.pane.title ?? route.paneId} · ${route.agent} · ${app}`;
    case 'closed':
      return `${stores.history.title.value ?? route.conversationId} · ${route.agent} · ${app}`;
    case 'manage':
      return `${t('manage.screen', { agent: route.agent })} · ${app}`;
  }
}

/** The app's frame: the top bar, the connection banner, and the screen the route names, once the phone is paired. */
export function AppView({ stores, route }: { stores: AppStores; route: ReadonlySignal<Route> }) {
  const pairing = stores.pairing.state.value;
  const paired = pairing.phase === 'paired';
  const current = route.value;
  const back = paired ? parentOf(current) : null;
  const canAct = stores.pairing.canAct.value;
  useScreenPlace(current, screenTitle(current, stores, paired));
  return (
    <CanAct.Provider value={canAct}>
      <Drafts.Provider value={stores.drafts}>
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
        <ConnectionBanner state={stores.connection.state.value} updatedAt={stores.connection.updatedAt.value} />
        <UpdateBanner update={stores.update} />
        {!paired && <PairScreen state={pairing} />}
        {paired && !canAct && (
          <p class="banner" role="note">
            {t('watch.note')}
          </p>
        )}
        {paired && current.screen === 'dashboard' && <DashboardView store={stores.dashboard} connection={stores.connection} install={stores.install} />}
        {paired && current.screen === 'settings' && <SettingsView pairing={stores.pairing} install={stores.install} locale={stores.locale} push={stores.push} />}
        {paired && current.screen === 'agent' && <ConversationsView store={stores.conversations} acts={stores.acts} agentName={current.agent} />}
        {paired && current.screen === 'manage' && <ManageView store={stores.conversations} acts={stores.acts} agentName={current.agent} />}
        {paired && current.screen === 'chat' && <ChatView store={stores.chat} acts={stores.acts} agentName={current.agent} paneId={current.paneId} askId={current.askId} />}
        {paired && current.screen === 'closed' && <ClosedChatView store={stores.history} acts={stores.acts} agentName={current.agent} conversationId={current.conversationId} />}
      </Drafts.Provider>
    </CanAct.Provider>
  );
}
