import type { ActsStore } from './stores/acts-store';
import type { ChatStore } from './stores/chat-store';
import type { ConnectionStore } from './stores/connection-store';
import type { ConversationsStore } from './stores/conversations-store';
import type { DashboardStore } from './stores/dashboard-store';
import type { DraftsStore } from './stores/drafts-store';
import type { HistoryStore } from './stores/history-store';
import type { IntentsStore } from './stores/intents-store';
import type { LazyStore } from './stores/lazy-store';
import type { PairingStore } from './stores/pairing-store';
import type { SearchStore } from './stores/search-store';
import type { LocaleChoice } from './locale-choice';
import type { InstallStore } from './pwa/install-store';
import type { LazyPushStore } from './pwa/push/lazy-push-store';
import type { UpdateStore } from './pwa/update-store';

/** Every store of the app, as the views take them; built once, by start/create-stores.ts. */
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
  /** Settles once the first screen's early read has its answer, or failed; at once when there is none (start/read-data-early.ts). */
  firstRead: Promise<unknown>;
}
