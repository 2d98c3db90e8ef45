import { createActsStore, type ActsStore } from './acts-store';
import { createBridgeClient, type BridgeClient } from '../phone-api-client';
import { createChatStore, type ChatStore } from './chat-store';
import { createConnectionStore, type ConnectionEnv, type ConnectionStore } from './connection-store';
import { createConversationsStore, type ConversationsStore } from './conversations-store';
import { createDashboardStore, type DashboardStore } from './dashboard-store';
import { createHistoryStore, type HistoryStore } from './history-store';
import { createIntentsStore, type IntentsStore } from './intents-store';
import { createStorage, type Storage } from '../storage';
import type { PollEnv } from './polled';

export interface AppStores {
  connection: ConnectionStore;
  dashboard: DashboardStore;
  conversations: ConversationsStore;
  chat: ChatStore;
  history: HistoryStore;
  intents: IntentsStore;
  /** Every act besides answering: send, steer, stop, belt, starters, rename, close, reopen. */
  acts: ActsStore;
}

export interface AppDeps {
  client?: BridgeClient;
  poll?: PollEnv;
  connection?: ConnectionEnv;
  storage?: Storage;
}

/** The one place the app's stores are built, with their dependencies passed in. */
export function createStores(deps: AppDeps = {}): AppStores {
  const client = deps.client ?? createBridgeClient();
  const connection = createConnectionStore(deps.connection);
  const poll: PollEnv = { ...deps.poll, report: (ok) => connection.report(ok) };
  const storage = deps.storage ?? createStorage();
  const intents = createIntentsStore(client, storage);
  return {
    intents,
    acts: createActsStore(client, storage),
    connection,
    dashboard: createDashboardStore(client, poll),
    conversations: createConversationsStore(client, poll),
    chat: createChatStore(client, intents, poll),
    history: createHistoryStore(client),
  };
}
