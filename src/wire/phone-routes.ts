/**
 * The phone API's paths, the one place both sides take them from: the app builds its requests
 * with `pathOf`, the bridge's route table matches them with `matchPath`. A segment that names
 * something (`:agent`, `:paneId`…) is percent-encoded on the way out and decoded on the way in.
 */
import type { ActRequest, AskRequest } from './write-json';

/** Every path of the phone API starts so; anything else is the app's own files. */
export const API_PREFIX = '/api/';

export const PHONE_PATHS = {
  status: '/api/status',
  pair: '/api/pair',
  device: '/api/device',
  deviceRename: '/api/device/rename',
  deviceForget: '/api/device/forget',
  pairingDecide: '/api/pairing/:requestId',
  dashboard: '/api/dashboard',
  agent: '/api/agents/:agent',
  chat: '/api/agents/:agent/panes/:paneId',
  closed: '/api/agents/:agent/closed',
  history: '/api/agents/:agent/conversations/:conversationId',
  answer: '/api/agents/:agent/panes/:paneId/asks/:askId',
  send: '/api/agents/:agent/panes/:paneId/send',
  steer: '/api/agents/:agent/panes/:paneId/steer',
  stop: '/api/agents/:agent/panes/:paneId/stop',
  action: '/api/agents/:agent/panes/:paneId/action',
  starter: '/api/agents/:agent/starters/:starterId',
  rename: '/api/agents/:agent/rename',
  close: '/api/agents/:agent/close',
  reopen: '/api/agents/:agent/reopen',
  /** `?q=`: every agent's conversations, open and closed, on every machine of the crew. */
  search: '/api/search',
  // Push: one path, POST to subscribe and DELETE to unsubscribe.
  pushKey: '/api/push/key',
  pushSubscribe: '/api/push/subscription',
  pushUnsubscribe: '/api/push/subscription',
  pushTest: '/api/push/test',
} as const;

export type PhonePath = keyof typeof PHONE_PATHS;

/** The names a pattern's `:name` segments give, as an object type. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name | keyof PathParams<`/${Rest}`>]: string }
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, string>;

export type ParamsOf<R extends PhonePath> = PathParams<(typeof PHONE_PATHS)[R]>;

const NAMED_SEGMENT = /:([A-Za-z]+)/g;

/** The path of a route with its named segments filled in, each percent-encoded. */
export function pathOf<R extends PhonePath>(route: R, params: ParamsOf<R>): string {
  return fill(PHONE_PATHS[route], params);
}

function fill(pattern: string, values: Record<string, unknown>): string {
  return pattern.replace(NAMED_SEGMENT, (_, name: string) => encodeURIComponent(String(values[name] ?? '')));
}

/**
 * An act as the phone posts it, one shape for every act and for an answer: its route's path names
 * the act's agent (and pane, starter or ask), its body holds the rest, nothing twice. The bridge
 * reads it back as the path's segments beside the body (src/bridge/acts/act-requests.ts and
 * answer-ask.ts).
 */
export function actRoute(request: ActRequest): { path: string; body: Record<string, unknown> } {
  const { act, ...fields } = request;
  return routed(PHONE_PATHS[act], fields);
}

/** An answer to an ask, in the same shape: the path names the agent, pane and ask. */
export function answerRoute(askId: string, request: AskRequest): { path: string; body: Record<string, unknown> } {
  return routed(PHONE_PATHS.answer, { askId, ...request });
}

function routed(pattern: string, fields: Record<string, unknown>): { path: string; body: Record<string, unknown> } {
  const named = new Set([...pattern.matchAll(NAMED_SEGMENT)].map((match) => match[1]!));
  return { path: fill(pattern, fields), body: Object.fromEntries(Object.entries(fields).filter(([key]) => !named.has(key))) };
}

/** A segment whose percent-encoding does not decode. */
export class BadPathSegment extends Error {
  override readonly name = 'BadPathSegment';
}

/**
 * The named segments of `path` when it has the pattern's shape, decoded; null when it does not.
 * Throws `BadPathSegment` for a segment that does not decode.
 */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const expected = want[i]!;
    const actual = got[i]!;
    if (!expected.startsWith(':')) {
      if (expected !== actual) return null;
      continue;
    }
    if (actual === '') return null;
    try {
      params[expected.slice(1)] = decodeURIComponent(actual);
    } catch (cause) {
      throw new BadPathSegment('a path segment is not valid', { cause });
    }
  }
  return params;
}
