import { createBridgeClient, type BridgeClient } from '../bridge-client';
import { createChatStore, type ChatStore } from './chat-store';
import { createConversationsStore, type ConversationsStore } from './conversations-store';
import { createDashboardStore, type DashboardStore } from './dashboard-store';
import type { PollEnv } from './polled';

export interface AppStores {
  dashboard: DashboardStore;
  conversations: ConversationsStore;
  chat: ChatStore;
}

/** The one place the app's stores are built, with their dependencies passed in. */
export function createStores(client: BridgeClient = createBridgeClient(), env?: PollEnv): AppStores {
  return {
    dashboard: createDashboardStore(client, env),
    conversations: createConversationsStore(client, env),
    chat: createChatStore(client, env),
  };
}
