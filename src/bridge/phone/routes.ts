/**
 * The phone API as one table: each route's method, its path (from the wire's one list of phone
 * paths), whether it writes, whether it counts as a phone looking, and its handler. The server
 * matches a request against this table only; later rooms (the pairing gate, push) hang on it,
 * and a test walks every route in it.
 */
import type { ActRequest } from '../../wire/write-json';
import { isValidId } from '../../wire/ids';
import { matchPath, PHONE_PATHS, type PhonePath } from '../../wire/phone-routes';
import { parseActRequest } from '../acts/act-requests';
import type { WriteContext } from '../acts/act-runner';
import { parseAskRequest } from '../acts/answer-ask';
import { statusJson } from '../control/status-json';
import { HttpError } from '../http/http-error';
import { readJson, sendJson } from '../http/http-json';
import { paired } from '../pairing/route-request';
import { pushKey, sendTest, subscribe, unsubscribe } from '../push/push-routes';
import { cursorParam } from '../history/agent-history';
import { searchAll } from '../search/search';
import type { AgentSource, LiveView } from '../sources/agent-source';
import { findAgent } from '../sources/find-agent';
import { chatTail, dashboardView, sendView } from './live-views';
import { decidePairing, forgetThisDevice, redeem, renameThisDevice, thisDevice } from './pairing-routes';
import type { PhoneRequest, PhoneRoute } from './phone-route';

const live = (name: PhonePath, view: (r: PhoneRequest) => LiveView | Promise<LiveView>): PhoneRoute => ({
  name,
  method: 'GET',
  access: 'device',
  writes: false,
  looks: true,
  handle: async (r) => sendView(r.server, paired(r), r.req, r.res, await view(r), { wait: r.url.searchParams.has('wait'), delta: r.url.searchParams.has('delta') }),
});

const once = (name: PhonePath, read: (r: PhoneRequest) => Promise<unknown>): PhoneRoute => ({
  name,
  method: 'GET',
  access: 'device',
  writes: false,
  looks: true,
  handle: async (r) => sendJson(r.res, 200, await read(r)),
});

/** Every act but an answer: the path names the act (and its agent, pane or starter), the body the rest. */
const act = (name: ActRequest['act'] & PhonePath): PhoneRoute => ({
  name,
  method: 'POST',
  access: 'device',
  writes: true,
  looks: false,
  async handle(r) {
    const request = parseActRequest(name, { agent: r.params.agent ?? '', paneId: r.params.paneId, starterId: r.params.starterId }, await readJson(r.req));
    sendJson(r.res, 200, await findAgent(r.server.deps, request.agent).act(request, writeContext(r)));
  },
});

export const PHONE_ROUTES: readonly PhoneRoute[] = [
  // The bridge's state for a paired phone (the CLI reads it over the control socket).
  {
    name: 'status',
    method: 'GET',
    access: 'device',
    writes: false,
    looks: false,
    handle: async (r) => sendJson(r.res, 200, statusJson(r.server.deps.agents, r.server.deps.durable, r.server.startedAt)),
  },
  { name: 'pair', method: 'POST', access: 'open', writes: false, looks: false, handle: redeem },
  { name: 'device', method: 'GET', access: 'device', writes: false, looks: false, handle: thisDevice },
  { name: 'deviceRename', method: 'POST', access: 'device', writes: false, looks: false, handle: renameThisDevice },
  { name: 'deviceForget', method: 'POST', access: 'device', writes: false, looks: false, handle: forgetThisDevice },
  // A device waiting to pair is allowed or refused by a phone that may act (a watch phone is refused at the gate).
  { name: 'pairingDecide', method: 'POST', access: 'device', writes: true, looks: false, handle: decidePairing },
  live('dashboard', (r) => dashboardView(r.server.deps)),
  live('agent', (r) => agentNamed(r).agentView()),
  live('chat', async (r) => {
    const view = await agentNamed(r).chatView(r.params.paneId ?? '');
    // `?tail=1`: only the newest entries, for a phone opening the chat (PHONE_LIMITS.chatTail).
    return r.url.searchParams.has('tail') ? chatTail(view, r.server.limits.chatTail) : view;
  }),
  // Closed conversations: always read from the agent, never from the bridge's store or cache.
  once('closed', (r) => {
    const after = cursorParam(r.url.searchParams.get('after'));
    return agentNamed(r).closedPage(after);
  }),
  once('history', (r) => {
    const after = cursorParam(r.url.searchParams.get('after'));
    return agentNamed(r).history(r.params.conversationId ?? '', after);
  }),
  {
    name: 'answer',
    method: 'POST',
    access: 'device',
    writes: true,
    looks: false,
    async handle(r) {
      const askId = r.params.askId ?? '';
      if (!isValidId(askId)) throw new HttpError(400, 'bad-request', 'bad ask id');
      const request = parseAskRequest({ agent: r.params.agent ?? '', paneId: r.params.paneId }, await readJson(r.req));
      sendJson(r.res, 200, await findAgent(r.server.deps, request.agent).answer(askId, request, writeContext(r)));
    },
  },
  // Search reads what the bridge holds, and the agents' history at most every half minute (closed-shelf.ts).
  once('search', (r) => {
    const { crew, crewViews } = r.server.deps;
    return searchAll(r.server.deps.agents, crew && crewViews ? { crew, views: crewViews } : undefined, r.url.searchParams.get('q') ?? '');
  }),
  act('send'),
  act('steer'),
  act('stop'),
  act('action'),
  act('starter'),
  act('rename'),
  act('close'),
  act('reopen'),
  // Push subscriptions are this device's own, not writes to an agent: a watch device may be notified too.
  { name: 'pushKey', method: 'GET', access: 'device', writes: false, looks: false, handle: pushKey },
  { name: 'pushSubscribe', method: 'POST', access: 'device', writes: false, looks: false, handle: subscribe },
  { name: 'pushUnsubscribe', method: 'DELETE', access: 'device', writes: false, looks: false, handle: unsubscribe },
  { name: 'pushTest', method: 'POST', access: 'device', writes: false, looks: false, handle: sendTest },
];

/** The route a method and path name, with the path's named segments; `method` when only the method is wrong. */
export function findRoute(method: string, path: string): { route: PhoneRoute; params: Record<string, string> } | 'method' | null {
  let wrongMethod = false;
  for (const route of PHONE_ROUTES) {
    const params = matchPath(PHONE_PATHS[route.name], path);
    if (!params) continue;
    if (route.method === method) return { route, params };
    wrongMethod = true;
  }
  return wrongMethod ? 'method' : null;
}

/** The agent the path names, this bridge's own or a crew member's: the routes never ask which. */
const agentNamed = (r: PhoneRequest): AgentSource => findAgent(r.server.deps, r.params.agent);

function deviceOf(r: PhoneRequest): { id: string; name: string } {
  const { id, name } = paired(r);
  return { id, name };
}

function writeContext(r: PhoneRequest): WriteContext {
  return { locks: r.server.deps.locks, audit: r.server.deps.audit, device: deviceOf(r) };
}
