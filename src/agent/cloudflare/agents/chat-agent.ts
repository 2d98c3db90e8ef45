import type { ObjectContext } from '../object';
import type { ChatMessageLike } from './chat-items';

/** A turn's result as the SDK reports it. */
export interface ChatTurnResult {
  status: string;
  error?: unknown;
}

/**
 * What Collie uses of an `AIChatAgent` (`@cloudflare/ai-chat`): its messages, a new user message,
 * a continued turn, a stop, and its Durable Object's storage. Written here so the kit compiles
 * without the SDK's types.
 */
export interface ChatAgentCore {
  readonly messages: readonly ChatMessageLike[];
  saveMessages(messages: (current: ChatMessageLike[]) => ChatMessageLike[], options?: { signal?: AbortSignal }): Promise<ChatTurnResult>;
  continueLastTurn(body?: undefined, options?: { signal?: AbortSignal }): Promise<ChatTurnResult>;
  abortActiveTurn(): boolean;
  readonly ctx: ObjectContext;
  readonly env: object;
}
