import { createBridgeClient, type BridgeClient } from '../phone-api-client';
import { canSend, createConnectionStore, type ConnectionEnv } from '../stores/connection-store';
import { createConversationsStore } from '../stores/conversations-store';
import { createWriteQueue } from '../stores/write-queue';
import { createDashboardStore } from '../stores/dashboard-store';
import { lazyStore } from '../stores/lazy-store';
import { createDraftsStore } from '../stores/drafts-store';
import { createSeenStore } from '../stores/seen-store';
import { createKeptCopies, createStorage, type KeptCopies, type Storage } from '../storage';
import { effect } from '@preact/signals';
import type { PollEnv } from '../stores/polled';
import { withFirstRead } from './read-data-early';
import { fetchTakingPageReads } from './take-page-reads';
import { createLocaleChoice } from '../locale-choice';
import { createInstallStore, type InstallEnv } from '../pwa/install-store';
import { createUpdateStore, type ServiceWorkerLike } from '../pwa/update-store';
import type { Route } from '../routes';
import { computed } from '@preact/signals';
import type { PushApi } from '../pwa/push/push-api';
import type { PushEnv } from '../pwa/push/push-store';
import { lazyPushStore } from '../pwa/push/lazy-push-store';
import { browserName } from '../../wire/browser-name';
import type { AppStores } from '../app-stores';
import { createPairingStore, type PairingEnv } from '../stores/pairing-store';

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

export interface AppDeps {
  client?: BridgeClient;
  pairing?: PairingEnv;
  /** The polled stores' environment: the start-up passes its hold on what can wait (PollEnv.hold) here. */
  poll?: PollEnv;
  connection?: ConnectionEnv;
  storage?: Storage;
  copies?: KeptCopies;
  /** The screen the app opens on: its data is asked for at once (see read-data-early.ts). */
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
  // The reads the page itself made as it was read (../vite-plugins/page-reads-script.ts) answer the app's first ones.
  const bare = deps.client ?? createBridgeClient('', fetchTakingPageReads, { onUnpaired: () => unpaired.heard() });
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
  // One queue for this phone's writes, answers and acts alike: each waits for its conversation's earlier one.
  const inTurn = createWriteQueue();
  const intents = lazyStore(() => import('../stores/intents-store').then((m) => m.createIntentsStore(client, storage, Date.now, online, () => connection.outage.value, inTurn)));
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
    acts: lazyStore(() => import('../stores/acts-store').then((m) => m.createActsStore(client, storage, Date.now, online, inTurn))),
    connection,
    dashboard,
    conversations: createConversationsStore(client, poll, copies),
    chat: lazyStore(() => Promise.all([import('../stores/chat-store'), intents.load()]).then(([m, loaded]) => m.createChatStore(client, loaded, poll, copies, seen))),
    history: lazyStore(() => import('../stores/history-store').then((m) => m.createHistoryStore(client))),
    search: lazyStore(() => import('../stores/search-store').then((m) => m.createSearchStore(client, copies, online))),
    update: createUpdateStore(deps.serviceWorker ?? null),
    install,
    push: lazyPushStore(() =>
      Promise.all([import('../pwa/push/make-push-store'), intents.load()]).then(([m, loaded]) => m.makePushStore(install, inbox, loaded.adopt, deps.pushApi, deps.push)),
    ),
    locale: createLocaleChoice(storage),
    firstRead,
  };
}
