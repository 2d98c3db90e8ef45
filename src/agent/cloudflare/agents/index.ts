/**
 * `@colliepwa/durable-sdk/cloudflare/agents`: an Agents SDK chat agent (`@cloudflare/ai-chat`) on
 * the phone. `withCollie` wraps the agent's class; `collieChatWorker` is the Worker in front.
 */
export { withCollie, type CollieChatAgent } from './with-collie';
export { collieChatWorker, type CollieChatWorkerOptions } from './chat-worker';
export { CHAT_CAPS, type CollieChatOptions } from './chat-on-phone';
export { approvalCard, chatItems, waitingApprovals, type ChatMessageLike, type ToolCallPart } from './chat-items';
