import { str } from '../../wire/read';
import { createTokenCheck, tokensFromEnv, type TokenCheck } from '../token-check';
import { replyOnWire } from '../wire-core';
import { wireError } from '../wire-reply';

/** What the Worker needs of a Durable Object namespace binding. */
export interface ObjectNamespace {
  idFromName(name: string): unknown;
  get(id: unknown): { fetch(request: Request): Promise<Response> };
}

export interface CollieWorkerOptions {
  /** The Durable Object binding's name in the wrangler config. */
  binding: string;
  /** The one object that holds the agent (default `agent`). */
  objectName?: string;
}

/** What a Worker sends on once the token is good: the request, to the object that holds the agent. */
export type Forward = (request: Request, env: Record<string, unknown>) => Promise<Response>;

/**
 * A Worker that checks `Authorization: Bearer` in constant time against `COLLIE_TOKEN` and,
 * while set, `COLLIE_TOKEN_NEXT`, and only then forwards. A wrong token gets the bare `401` and
 * costs no object wake.
 */
export function tokenGate(forward: Forward): { fetch(request: Request, env: Record<string, unknown>): Promise<Response> } {
  let check: { tokens: string; accepts: TokenCheck | null } | undefined;
  const accepts = (env: Record<string, unknown>, authorization: string | null): boolean => {
    const tokens = tokensFromEnv({ COLLIE_TOKEN: str(env.COLLIE_TOKEN), COLLIE_TOKEN_NEXT: str(env.COLLIE_TOKEN_NEXT) });
    const key = tokens.join('\n');
    if (check?.tokens !== key) {
      if (tokens.length === 0) console.log('[agent] COLLIE_TOKEN is not set: every request is refused (wrangler secret put COLLIE_TOKEN)');
      check = { tokens: key, accepts: tokens.length > 0 ? createTokenCheck(tokens) : null };
    }
    return check.accepts?.(authorization ?? undefined) ?? false;
  };
  return {
    async fetch(request, env) {
      if (!accepts(env, request.headers.get('authorization'))) {
        const { status, headers, text: body } = replyOnWire(wireError(401, 'unauthorized'));
        return new Response(body, { status, headers });
      }
      return forward(request, env);
    },
  };
}

/** The binding's namespace in the Worker's environment, or a clear error naming it. */
export function namespaceIn<T>(env: Record<string, unknown>, binding: string): T {
  const namespace = env[binding] as T | undefined;
  if (!namespace) throw new Error(`no Durable Object binding named ${binding}`);
  return namespace;
}

/** The Worker in front of a `collieObject` agent: the token checked first (`tokenGate`), then the one object. */
export function collieWorker(options: CollieWorkerOptions): { fetch(request: Request, env: Record<string, unknown>): Promise<Response> } {
  return tokenGate((request, env) => {
    const namespace = namespaceIn<ObjectNamespace>(env, options.binding);
    return namespace.get(namespace.idFromName(options.objectName ?? 'agent')).fetch(request);
  });
}
