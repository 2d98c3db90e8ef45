import { WIRE_PREFIX } from '../../../wire/agent-paths';
import { namespaceIn, tokenGate } from '../worker';
import type { CollieChatAgent } from './with-collie';

export interface CollieChatWorkerOptions {
  /** The agent's Durable Object binding in the wrangler config. */
  binding: string;
  /** The agent instance the phone talks to (default `agent`). */
  agentName?: string;
  /**
   * What the Worker did before Collie: every request outside the wire's paths goes here untouched
   * (such as the SDK's own `routeAgentRequest` for its chat page). Without it they get a 404.
   */
  otherwise?: (request: Request, env: Record<string, unknown>, ctx: unknown) => Response | Promise<Response>;
}

/**
 * The Worker in front of a `withCollie` agent: the token checked first (a wrong one wakes
 * nothing), then the agent reached as the SDK reaches it (`getAgentByName`) and its wire called
 * over RPC, so the SDK's own HTTP routes never see Collie's. With `otherwise`, the same Worker
 * keeps serving what it served before, beside the wire.
 */
export function collieChatWorker(options: CollieChatWorkerOptions): { fetch(request: Request, env: Record<string, unknown>, ctx?: unknown): Promise<Response> } {
  const wire = tokenGate(async (request, env) => {
    // Loaded when first used: the SDK package's entry loads (and refuses a wrong token) without the Agents SDK.
    const { getAgentByName } = await import('agents');
    const namespace = namespaceIn<Parameters<typeof getAgentByName>[0]>(env, options.binding);
    const agent = (await getAgentByName(namespace, options.agentName ?? 'agent')) as unknown as CollieChatAgent;
    return agent.collieFetch(request);
  });
  return {
    async fetch(request, env, ctx) {
      if (!options.otherwise || new URL(request.url).pathname.startsWith(`${WIRE_PREFIX}/`)) return wire.fetch(request, env);
      return options.otherwise(request, env, ctx);
    },
  };
}
