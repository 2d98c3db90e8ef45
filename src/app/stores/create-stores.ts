import { createBridgeClient, type BridgeClient } from '../bridge-client';
import { createChatStore, type ChatStore } from './chat-store';
import { createConnectionStore, type ConnectionEnv, type ConnectionStore } from './connection-store';
import { createConversationsStore, type ConversationsStore } from './conversations-store';
import { createDashboardStore, type DashboardStore } from './dashboard-store';
import { createHistoryStore, type HistoryStore } from './history-store';
import type { PollEnv } from './polled';

export interface AppStores {
  connection: ConnectionStore;
  dashboard: DashboardStore;
  conversations: ConversationsStore;
  chat: ChatStore;
  history: HistoryStore;
}

export interface AppDeps {
  client?: BridgeClient;
  poll?: PollEnv;
  connection?: ConnectionEnv;
}

/** The one place the app's stores are built, with their dependencies passed in. */
export function createStores(deps: AppDeps = {}): AppStores {
  const client = deps.client ?? createBridgeClient();
  const connection = createConnectionStore(deps.connection);
  const poll: PollEnv = { ...deps.poll, report: (ok) => connection.report(ok) };
  return {
    connection,
    dashboard: createDashboardStore(client, poll),
    conversations: createConversationsStore(client, poll),
    chat: createChatStore(client, poll),
    history: createHistoryStore(client),
  };
}
