import { logsObjectRequests, serveWoken, type WokenKit } from '../object';
import type { ChatAgentCore } from './chat-agent';
import { ChatOnPhone, type CollieChatOptions } from './chat-on-phone';

/** Any agent class: a mixin's base takes whatever its constructor takes. */
type AgentClass = abstract new (...args: any[]) => object;

/** What `withCollie` adds to an agent: the wire, which `collieChatWorker` calls over RPC. */
export interface CollieChatAgent {
  collieFetch(request: Request): Promise<Response>;
}

/** Each agent object's Collie side, woken at its first wire request. */
const woken = new WeakMap<object, Promise<{ phone: ChatOnPhone; kit: WokenKit }>>();

/**
 * Puts an existing Agents SDK chat agent on the phone:
 * `export class Helper extends withCollie(AIChatAgent<Env>, { hostName: 'helper' }) { … }`.
 * Its chat, tool approvals, texts and Stop reach the phone through `collieFetch`; its memory for
 * Collie (events, request ids, decided cards) lives in the same object's storage.
 */
export function withCollie<Base extends AgentClass>(base: Base, options: CollieChatOptions) {
  abstract class WithCollie extends base implements CollieChatAgent {
    async collieFetch(request: Request): Promise<Response> {
      const agent = this as unknown as ChatAgentCore;
      let wake = woken.get(this);
      if (!wake) {
        wake = agent.ctx.blockConcurrencyWhile(() => ChatOnPhone.wake(agent, options));
        woken.set(this, wake);
      }
      const { phone, kit } = await wake;
      phone.mirror();
      return serveWoken(kit, request, logsObjectRequests(agent.env));
    }
  }
  return WithCollie;
}
