/**
 * The agent wire's routes (WIRE.md §1), the one place every side takes them from: the bridge and
 * `collie durable check` build their calls with `agentPath`, the kit's router matches requests with
 * `matchAgentPath`. A `:name` segment is percent-encoded on the way out and decoded on the way in.
 * Paths here are what follows `WIRE_PREFIX`.
 */

/** Every path of the agent wire starts so: a fixed name, not the version (WIRE.md §1). */
export const WIRE_PREFIX = '/session/v1';

/** One row per route of WIRE.md §1: its method and its path, a `:name` segment naming a parameter. */
export const AGENT_ROUTES = {
  hello: { method: 'GET', path: '/hello' },
  snapshot: { method: 'GET', path: '/snapshot' },
  events: { method: 'GET', path: '/pane/:pane/events' },
  conversations: { method: 'GET', path: '/conversations' },
  items: { method: 'GET', path: '/conversation/:conversation/items' },
  answer: { method: 'POST', path: '/pane/:pane/answer' },
  send: { method: 'POST', path: '/pane/:pane/send' },
  abort: { method: 'POST', path: '/pane/:pane/abort' },
  action: { method: 'POST', path: '/pane/:pane/action' },
  rename: { method: 'POST', path: '/rename' },
  close: { method: 'POST', path: '/close' },
  starter: { method: 'POST', path: '/starter/:starter' },
  reopen: { method: 'POST', path: '/reopen' },
} as const satisfies Record<string, { method: 'GET' | 'POST'; path: `/${string}` }>;

export type AgentRoute = keyof typeof AGENT_ROUTES;

export const AGENT_ROUTE_NAMES = Object.keys(AGENT_ROUTES) as AgentRoute[];

/** The names of a template's `:name` segments. */
type ParamNames<P extends string> = P extends `${string}/:${infer Name}/${infer Rest}` ? Name | ParamNames<`/${Rest}`> : P extends `${string}/:${infer Name}` ? Name : never;

/** A route's path parameters, by the names its template gives them. */
export type AgentParams<R extends AgentRoute> = { [K in ParamNames<(typeof AGENT_ROUTES)[R]['path']>]: string };

/** A route without parameters takes none; one with them takes all of them. */
type ParamsArg<R extends AgentRoute> = [ParamNames<(typeof AGENT_ROUTES)[R]['path']>] extends [never] ? [] : [params: AgentParams<R>];

const PARAM = /:([A-Za-z]+)/g;

/** The path of a route with its parameters filled in, each percent-encoded (`encodeURIComponent`). */
export function agentPath<R extends AgentRoute>(route: R, ...[params]: ParamsArg<R>): string {
  const values = (params ?? {}) as Record<string, string>;
  return AGENT_ROUTES[route].path.replace(PARAM, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`agentPath(${route}) needs ${name}`);
    return encodeURIComponent(value);
  });
}

/** The path as WIRE.md and the check's rule names write it, every parameter as `:id`. */
export function agentPathLabel(route: AgentRoute): string {
  return AGENT_ROUTES[route].path.replace(PARAM, ':id');
}

/** The route as WIRE.md heads it: `POST /session/v1/pane/:id/send`. */
export function agentRouteTitle(route: AgentRoute): string {
  return `${AGENT_ROUTES[route].method} ${WIRE_PREFIX}${agentPathLabel(route)}`;
}

/** A matched request: the route and its parameters, decoded. */
export type AgentMatch = { [R in AgentRoute]: { route: R; params: AgentParams<R> } }[AgentRoute];

const TEMPLATES = AGENT_ROUTE_NAMES.map((route) => ({ route, method: AGENT_ROUTES[route].method, segments: AGENT_ROUTES[route].path.split('/') }));

/**
 * The route a method and path (after `WIRE_PREFIX`, without the query) name, with its parameters
 * decoded; null when they name none. A parameter segment is never empty; one whose escapes do not
 * decode reads as `''`, which no id rule accepts, so the caller refuses it as a bad id in its own
 * order (after the route's cap).
 */
export function matchAgentPath(method: string, path: string): AgentMatch | null {
  const got = path.split('/');
  for (const template of TEMPLATES) {
    if (template.method !== method || template.segments.length !== got.length) continue;
    const params = matchSegments(template.segments, got);
    if (params) return { route: template.route, params } as AgentMatch;
  }
  return null;
}

function matchSegments(want: string[], got: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const expected = want[i]!;
    const actual = got[i]!;
    if (!expected.startsWith(':')) {
      if (expected !== actual) return null;
    } else if (actual === '') {
      return null;
    } else {
      params[expected.slice(1)] = safeDecode(actual);
    }
  }
  return params;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}
