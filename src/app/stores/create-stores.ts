import type { ActsStore } from './acts-store';
import { createBridgeClient, type BridgeClient } from '../phone-api-client';
import type { ChatStore } from './chat-store';
import { canSend, createConnectionStore, type ConnectionEnv, type ConnectionStore } from './connection-store';
import { createConversationsStore, type ConversationsStore } from './conversations-store';
import { createDashboardStore, type DashboardStore } from './dashboard-store';
import { lazyStore, type LazyStore } from './lazy-store';
import type { SearchStore } from './search-store';
import type { HistoryStore } from './history-store';
import { createDraftsStore, type DraftsStore } from './drafts-store';
import type { IntentsStore } from './intents-store';
import { createSeenStore } from './seen-store';
import { createKeptCopies, createStorage, type KeptCopies, type Storage } from '../storage';
import { effect } from '@preact/signals';
import type { PollEnv } from './polled';
import { withFirstRead } from '../first-read';
import { fetchTakingEarlyAsks } from '../early-asks';
import { createLocaleChoice, type LocaleChoice } from '../locale-choice';
import { createInstallStore, type InstallEnv, type InstallStore } from '../pwa/install-store';
import { createUpdateStore, type ServiceWorkerLike, type UpdateStore } from '../pwa/update-store';
import type { Route } from '../routes';
import { computed } from '@preact/signals';
import type { PushApi } from '../push/push-api';
import type { PushEnv } from '../push/push-store';
import { lazyPushStore, type LazyPushStore } from '../push/lazy-push-store';
import { browserName } from '../../wire/browser-name';
import { createPairingStore, type PairingEnv, type PairingStore } from './pairing-store';

/** The pairing store's view of the page: the address's fragment and the browser's name for itself. */
function browserPairingEnv(): PairingEnv {
  return {
    readHash: () => location.hash,
    replaceHash: (hash) => history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`),
    suggestedName: () => browserName(navigator.userAgent),
    onHashChange: (listener) => {
      window.addEventListener('hashchange', listener);
      return () => window.removeEventListener('hashchange', listener);
    },
  };
}

export interface AppStores {
  /** Whether this phone is paired, and as what. */
  pairing: PairingStore;
  /** What was typed and not sent yet, kept on the phone across reloads. */
  drafts: DraftsStore;
  connection: ConnectionStore;
  dashboard: DashboardStore;
  conversations: ConversationsStore;
  /** Its code loads with the chat screen's (the first screen's JavaScript stays small). */
  chat: LazyStore<ChatStore>;
  /** Its code loads with the closed chat's screen. */
  history: LazyStore<HistoryStore>;
  search: LazyStore<SearchStore>;
  /** What this phone answered and is answering; its code loads with a chat's, or with notifications'. */
  intents: LazyStore<IntentsStore>;
  /** Every act besides answering: send, steer, stop, belt, starters, rename, close, reopen. */
  acts: LazyStore<ActsStore>;
  /** A new version of the app waiting for the person's Reload. */
  update: UpdateStore;
  /** Keeping the app on the phone's Home Screen. */
  install: InstallStore;
  /** The language the app speaks. */
  locale: LocaleChoice;
  /** Notifications for questions (the store's code loads after the first screen). */
  push: LazyPushStore;
  /** Settles once the first screen's early read has its answer, or failed; at once when there is none (first-read.ts). */
  firstRead: Promise<unknown>;
}

export interface AppDeps {
  client?: BridgeClient;
  pairing?: PairingEnv;
  poll?: PollEnv;
  connection?: ConnectionEnv;
  storage?: Storage;
  copies?: KeptCopies;
  /** The screen the app opens on: its data is asked for at once (see first-read.ts). */
  firstRoute?: Route;
  /** Loads the app's service worker; none where it cannot run. */
  serviceWorker?: () => Promise<ServiceWorkerLike>;
  install?: InstallEnv;
  pushApi?: PushApi;
  push?: PushEnv;
}

/** The one place the app's stores are built, with their dependencies passed in. */
export function createStores(deps: AppDeps = {}): AppStores {
  // The client tells the pairing store of a 401, and the pairing store uses the client: one late-bound call.
  const unpaired = { heard: () => {} };
  // The reads the page itself made as it was read (build/first-asks.ts) answer the app's first ones.
  const bare = deps.client ?? createBridgeClient('', fetchTakingEarlyAsks, { onUnpaired: () => unpaired.heard() });
  const { client, settled: firstRead } = deps.firstRoute ? withFirstRead(bare, deps.firstRoute) : { client: bare, settled: Promise.resolve() };
  const pairing = createPairingStore(client, deps.pairing ?? browserPairingEnv());
  unpaired.heard = () => pairing.lost();
  const connection = createConnectionStore(deps.connection);
  const poll: PollEnv = { ...deps.poll, report: (ok) => connection.report(ok), kept: (at) => connection.showingKept(at) };
  // What the phone last read, for the next visit without a bridge; forgotten with the pairing.
  const copies = deps.copies ?? createKeptCopies();
  effect(() => {
    if (pairing.state.value.phase === 'unpaired') void copies.clear();
  });
  const storage = deps.storage ?? createStorage();
  // A tap while offline, or while the bridge does not answer, sends nothing and says so; nothing is queued to send later.
  const online = () => canSend(connection.state.peek());
  // Its code (and the intent ledger's) loads with the first screen that answers or adopts an answer.
  const intents = lazyStore(() => import('./intents-store').then((m) => m.createIntentsStore(client, storage, Date.now, online, () => connection.outage.value)));
  const seen = createSeenStore(storage);
  // What the person answered and where they left off in each chat are the pairing's too.
  effect(() => {
    if (pairing.state.value.phase !== 'unpaired') return;
    void intents.load().then((loaded) => loaded.forgetGiven());
    seen.clear();
  });
  const install = createInstallStore(storage, deps.install);
  const dashboard = createDashboardStore(client, poll, copies);
  // Notifications are withdrawn only against an inbox the bridge gave, fresh, and as of when it was read.
  const inbox = computed(() => {
    const at = dashboard.readAt.value;
    return dashboard.durable.value === null || dashboard.stale.value || at === null ? null : { open: dashboard.inbox.value, at };
  });
  return {
    pairing,
    drafts: createDraftsStore(storage),
    intents,
    acts: lazyStore(() => import('./acts-store').then((m) => m.createActsStore(client, storage, Date.now, online))),
    connection,
    dashboard,
    conversations: createConversationsStore(client, poll, copies),
    chat: lazyStore(() => Promise.all([import('./chat-store'), intents.load()]).then(([m, loaded]) => m.createChatStore(client, loaded, poll, copies, seen))),
    history: lazyStore(() => import('./history-store').then((m) => m.createHistoryStore(client))),
    search: lazyStore(() => import('./search-store').then((m) => m.createSearchStore(client, copies, online))),
    update: createUpdateStore(deps.serviceWorker ?? null),
    install,
    push: lazyPushStore(() =>
      Promise.all([import('../push/make-push-store'), intents.load()]).then(([m, loaded]) => m.makePushStore(install, inbox, loaded.adopt, deps.pushApi, deps.push)),
    ),
    locale: createLocaleChoice(storage),
    firstRead,
  };
}
