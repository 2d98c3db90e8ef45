import type { ReadonlySignal } from '@preact/signals';
import { t } from '../i18n';
import { hrefOf, parentOf, type Route } from '../routes';
import type { AppStores } from '../app-stores';
import { CanAct } from './can-act';
import { ThisDevice } from './this-device';
import { Drafts } from './drafts';
import { ChatView } from './chat-view';
import { ClosedChatView } from './closed-chat-view';
import { ConnectionBanner } from './connection-banner';
import { DashboardView } from './dashboard-view';
import { lazyScreen } from './lazy-screen';
import { UpdateBanner } from './pwa/update-banner';
import { ScreenHeader } from './header/screen-header';
import { Icon } from './icons';
import { SearchLink } from './header/search-link';
import type { ConnectionState } from '../stores/connection-store';
import { useScreenPlace } from './screen-place';
import { useLoaded } from './use-lazy-store';

// Screens a phone seldom opens load on first use: the first screen's JavaScript stays small.
const PairScreen = lazyScreen(() => import('./pair-screen').then((m) => m.PairScreen));
const SettingsView = lazyScreen(() => import('./settings-view').then((m) => m.SettingsView));
const SearchView = lazyScreen(() => import('./search/search-view').then((m) => m.SearchView));
const ManageView = lazyScreen(() => import('./manage/manage-view').then((m) => m.ManageView));
// An agent's list too: its data is asked for at once all the same (start/read-data-early.ts), beside its code.
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
    case 'search':
      return `${t('search.title')} · ${app}`;
    case 'agent':
      return `${route.agent} · ${app}`;
    case 'chat':
      return `${stores.chat.store.value?.chat.value?.pane.title ?? route.paneId} · ${route.agent} · ${app}`;
    case 'closed':
      return `${stores.history.store.value?.title.value ?? route.conversationId} · ${route.agent} · ${app}`;
    case 'manage':
      return `${t('manage.screen', { agent: route.agent })} · ${app}`;
  }
}

/** A screen's title and the line under it, for the screens whose header the frame draws (a chat draws its own). */
function headerOf(route: Route, paired: boolean): { title: string; appTitle?: boolean; subtitle?: string } {
  if (!paired) return { title: t('app.title'), appTitle: true };
  switch (route.screen) {
    case 'settings':
      return { title: t('settings.title') };
    case 'search':
      return { title: t('search.title') };
    case 'agent':
      return { title: route.agent, subtitle: t('durable.experimental') };
    case 'manage':
      return { title: t('manage.screen', { agent: route.agent }) };
    default:
      return { title: t('app.title'), appTitle: true };
  }
}

/**
 * While the first read is out, the header says so in place of its second line, as a messenger
 * does. Not on the phone's own settings: nothing there reads the bridge, so it would never end.
 */
const connectingLine = (state: ConnectionState, route: Route) =>
  state === 'connecting' && route.screen !== 'settings' && route.screen !== 'search' ? t('connection.connecting') : undefined;

/** The app's frame: the screen's header with the connection's state, and the screen the route names, once the phone is paired. */
export function AppView({ stores, route }: { stores: AppStores; route: ReadonlySignal<Route> }) {
  const pairing = stores.pairing.state.value;
  const paired = pairing.phase === 'paired';
  const current = route.value;
  const back = paired ? parentOf(current) : null;
  const canAct = stores.pairing.canAct.value;
  useScreenPlace(current, screenTitle(current, stores, paired));
  const connection = stores.connection.state.value;
  // A chat draws its own header (its title is the conversation's); the frame's would be a second one.
  const chatScreen = paired && (current.screen === 'chat' || current.screen === 'closed');
  const heading = headerOf(current, paired);
  const banner = <ConnectionBanner state={connection} updatedAt={stores.connection.updatedAt.value} />;
  // The screens that act wait for the acts' code too: it loads beside their own, not in the first screen's.
  const acts = useLoaded(stores.acts, paired && current.screen !== 'dashboard' && current.screen !== 'settings');
  if (paired && !acts) void (current.screen === 'agent' ? ConversationsView : current.screen === 'manage' ? ManageView : null)?.preload();
  return (
    <CanAct.Provider value={canAct}>
      <ThisDevice.Provider value={pairing.phase === 'paired' ? (pairing.device?.id ?? null) : null}>
        <Drafts.Provider value={stores.drafts}>
          {!chatScreen && (
            <ScreenHeader
              {...heading}
              subtitle={(paired || pairing.phase === 'checking' ? connectingLine(connection, current) : undefined) || heading.subtitle}
              backHref={back && hrefOf(back)}
              actions={
                paired && (
                  <>
                    {current.screen !== 'search' && <SearchLink />}
                    {current.screen !== 'settings' && (
                      <a class="header-action settings-link" href={hrefOf({ screen: 'settings' })} aria-label={t('nav.settings')}>
                        <Icon name="settings" />
                      </a>
                    )}
                  </>
                )
              }
            >
              {banner}
            </ScreenHeader>
          )}
          <UpdateBanner update={stores.update} />
          {/* Every visit begins with the pairing check (one request): its screen's code is for a phone that is not paired. */}
          {!paired && pairing.phase !== 'checking' && <PairScreen state={pairing} />}
          {paired && !canAct && (
            <p class="banner" role="note">
              {t('watch.note')}
            </p>
          )}
          {paired && current.screen === 'dashboard' && <DashboardView store={stores.dashboard} connection={stores.connection} install={stores.install} />}
          {paired && current.screen === 'search' && <SearchView store={stores.search} q={current.q ?? ''} />}
          {paired && current.screen === 'settings' && <SettingsView pairing={stores.pairing} install={stores.install} locale={stores.locale} push={stores.push} />}
          {acts && current.screen === 'agent' && <ConversationsView store={stores.conversations} acts={acts} agentName={current.agent} />}
          {acts && current.screen === 'manage' && <ManageView store={stores.conversations} acts={acts} agentName={current.agent} />}
          {paired && current.screen === 'chat' && (
            <ChatView chat={stores.chat} acts={acts} agentName={current.agent} paneId={current.paneId} askId={current.askId} entryId={current.entryId} banner={banner} />
          )}
          {paired && current.screen === 'closed' && (
            <ClosedChatView history={stores.history} acts={acts} agentName={current.agent} conversationId={current.conversationId} entryId={current.entryId} banner={banner} />
          )}
        </Drafts.Provider>
      </ThisDevice.Provider>
    </CanAct.Provider>
  );
}
