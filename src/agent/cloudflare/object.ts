import type { Caps } from '../../wire/types';
import { AgentState, capsFrom } from '../agent-state';
import { answerFetch } from '../fetch-wire';
import { kitApi, type KitApi } from '../kit-api';
import type { WriteContext } from '../routes-write';
import { startNextQueued } from '../turns';
import type { ObjectStorage } from './object-storage';
import { StoredAgent } from './stored-agent';

/** What the kit needs of a Durable Object's `ctx`. */
export interface ObjectContext {
  storage: ObjectStorage;
  blockConcurrencyWhile<T>(work: () => Promise<T>): Promise<T>;
}

/** The hello's `host.runtime` for an agent on Workers (local workerd and Cloudflare alike). */
export const WORKERS_RUNTIME = 'cloudflare workers';

export interface CollieObjectOptions<Env> {
  hostName: string;
  caps?: Partial<Caps>;
  /**
   * Runs at every wake of the object, as a Node agent's start runs: places the panes (each shows
   * its kept conversation again), raises its open asks again (the phone's card stays the same
   * card), sets handlers and calls `kit.ready()`. It must not wait for an ask's answer: no
   * request is served until it returns.
   */
  start(kit: KitApi, env: Env): void | Promise<void>;
  /** Log a line for every request that reaches the object (`COLLIE_LOG_OBJECT_REQUESTS=1` does the same). */
  logRequests?: boolean;
}

/** The Durable Object class that serves an agent's wire, the class a wrangler config binds. */
export interface CollieObjectClass<Env> {
  new (ctx: ObjectContext, env: Env): { fetch(request: Request): Promise<Response> };
}

/** A woken agent: its memory loaded from storage, its code started, its wire ready to answer. */
export interface WokenKit {
  agent: StoredAgent;
  wire: WriteContext;
}

/**
 * Loads the agent from the object's storage and runs its start (inside the caller's
 * `blockConcurrencyWhile`, so no request is served before it): the one wake both the kit's own
 * object and an Agents SDK agent with Collie use.
 */
export async function wakeKit<Env>(storage: ObjectStorage, options: Pick<CollieObjectOptions<Env>, 'hostName' | 'caps' | 'start'>, env: Env): Promise<WokenKit> {
  const log = (line: string) => console.log(line);
  const agent = await StoredAgent.load(storage, {
    hostName: options.hostName,
    state: (book, epoch) => new AgentState(options.hostName, capsFrom(options.caps), WORKERS_RUNTIME, book, epoch),
  });
  const wire: WriteContext = { state: agent.state, handlers: {}, starters: new Map(), log };
  agent.state.onTurnEnd = (pane) => startNextQueued(agent.state, pane, wire.handlers.send, log);
  await options.start(kitApi(wire), env);
  await agent.flush();
  return { agent, wire };
}

/** Answers one wire request from a woken agent; what changed is written before the reply leaves. */
export async function serveWoken({ agent, wire }: WokenKit, request: Request, logRequests: boolean): Promise<Response> {
  const response = await answerFetch(wire, request);
  // Written before the reply leaves: an answer the phone was told of is never lost to an eviction.
  await agent.flush();
  if (logRequests) console.log(`[agent] object request: ${request.method} ${new URL(request.url).pathname} ${response.status}`);
  return response;
}

/** Whether the Worker's variables ask for a line per request that reaches the object. */
export const logsObjectRequests = (env: object) => (env as { COLLIE_LOG_OBJECT_REQUESTS?: string }).COLLIE_LOG_OBJECT_REQUESTS === '1';

/**
 * Makes the Durable Object class of a hosted agent: its memory in the object's storage, its
 * wire answered by the kit's one core (`answerFetch`), its code the same pane / turn / ask API as
 * on Node. The Worker in front (`collieWorker`) has checked the token before a request gets here.
 */
export function collieObject<Env extends object>(options: CollieObjectOptions<Env>): CollieObjectClass<Env> {
  return class CollieObject {
    private readonly woken: Promise<WokenKit>;
    private readonly logRequests: boolean;

    constructor(ctx: ObjectContext, env: Env) {
      this.logRequests = options.logRequests ?? logsObjectRequests(env);
      this.woken = ctx.blockConcurrencyWhile(() => wakeKit(ctx.storage, options, env));
    }

    async fetch(request: Request): Promise<Response> {
      return serveWoken(await this.woken, request, this.logRequests);
    }
  };
}
