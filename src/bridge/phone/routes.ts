/**
 * The phone API as one table: each route's method, its path (from the wire's one list of phone
 * paths), whether it writes, whether it counts as a phone looking, and its handler. The server
 * matches a request against this table only; later rooms (the pairing gate, push) hang on it,
 * and a test walks every route in it.
 */
import type { ActRequest } from '../../wire/bridge-json';
import { isValidId } from '../../wire/ids';
import { matchPath, PHONE_PATHS, type PhonePath } from '../../wire/phone-routes';
import { parseActRequest } from '../acts/act-requests';
import { runAct, type WriteContext } from '../acts/act-runner';
import { actSpec } from '../acts/act-specs';
import { answerAsk, parseAskRequest } from '../acts/answer-ask';
import { auditResult } from '../acts/audit-log';
import type { AgentHandle } from '../agent-handle';
import { statusJson } from '../control/status-json';
import { HttpError } from '../http/http-error';
import { readJson, sendJson } from '../http/http-json';
import { paired } from '../pairing/route-request';
import { pushKey, sendTest, subscribe, unsubscribe } from '../push/push-routes';
import { closedPage, conversationHistory, cursorParam } from '../history/agent-history';
import { searchAll } from '../search/search';
import { agentView, chatTail, chatView, dashboardView, memberAgentView, memberChatView, sendView, type LiveView } from './live-views';
import type { CrewViews } from '../crew/crew-views';
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
    const crew = r.server.deps.crewActs;
    if (crew && onMember(r)) return sendJson(r.res, 200, await crew.forward({ kind: 'act', request }, deviceOf(r), r.server.deps.audit));
    const handle = agentOf(r, request.agent);
    const reply = await runAct(handle, writeContext(r), actSpec(handle, request));
    handle.store.countResult(auditResult(reply));
    sendJson(r.res, 200, reply);
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
  // A member's agent (`<agent>@<label>`, on the lead of a crew) is read from the member's bridge.
  live('agent', (r) => (onMember(r) ? memberAgentView(onMember(r)!, r.params.agent ?? '') : agentView(agentOf(r, r.params.agent)))),
  live('chat', async (r) => {
    const view = onMember(r) ? await memberChatView(onMember(r)!, r.params.agent ?? '', r.params.paneId ?? '') : chatView(agentOf(r, r.params.agent), r.params.paneId ?? '');
    // `?tail=1`: only the newest entries, for a phone opening the chat (PHONE_LIMITS.chatTail).
    return r.url.searchParams.has('tail') ? chatTail(view, r.server.limits.chatTail) : view;
  }),
  // Closed conversations: always read from the agent, never from the bridge's store or cache.
  once('closed', (r) => {
    const after = cursorParam(r.url.searchParams.get('after'));
    return onMember(r)?.closedPage(r.params.agent ?? '', after) ?? closedPage(agentOf(r, r.params.agent), after);
  }),
  once('history', (r) => {
    const after = cursorParam(r.url.searchParams.get('after'));
    const id = r.params.conversationId ?? '';
    return onMember(r)?.history(r.params.agent ?? '', id, after) ?? conversationHistory(agentOf(r, r.params.agent), id, after);
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
      const crew = r.server.deps.crewActs;
      if (crew && onMember(r)) return sendJson(r.res, 200, await crew.forward({ kind: 'answer', askId, request }, deviceOf(r), r.server.deps.audit));
      const handle = agentOf(r, request.agent);
      const reply = await answerAsk(handle, askId, request, writeContext(r));
      handle.store.countResult(reply.outcome);
      sendJson(r.res, 200, reply);
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

/** The crew's views when the route's agent is one of a member's (`<agent>@<label>`), else undefined. */
function onMember(r: PhoneRequest): CrewViews | undefined {
  const crew = r.server.deps.crewViews;
  return crew && r.params.agent !== undefined && crew.find(r.params.agent) ? crew : undefined;
}

function agentOf(r: PhoneRequest, name: string | undefined): AgentHandle {
  const handle = name === undefined ? undefined : r.server.deps.agents.get(name);
  if (!handle) throw new HttpError(404, 'no-such-agent', 'no durable agent has this name');
  return handle;
}

function deviceOf(r: PhoneRequest): { id: string; name: string } {
  const { id, name } = paired(r);
  return { id, name };
}

function writeContext(r: PhoneRequest): WriteContext {
  return { locks: r.server.deps.locks, audit: r.server.deps.audit, device: deviceOf(r) };
}
