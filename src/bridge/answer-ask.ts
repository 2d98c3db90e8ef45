import { checkAnswer, choosesAllowAlways } from '../wire/answer';
import { isValidId } from '../wire/ids';
import { parseAsk } from '../wire/parse-ask';
import { bool, isRecord, oneOf, str } from '../wire/read';
import type { AskReply, AskRequest } from '../wire/bridge-json';
import { toPhoneAsk } from './ask-hash';
import type { AgentLink } from './agent-link';
import type { AgentStore } from './agent-store';
import { HttpError } from './http-error';
import type { Poller } from './poller';
import { TransportError } from './transport';

export interface AgentHandle {
  store: AgentStore;
  link: AgentLink;
  poller: Poller;
}

/** Reads the phone's answer request; anything malformed is a 400 with a JSON code. */
export function parseAskRequest(raw: unknown): AskRequest {
  if (!isRecord(raw)) throw new HttpError(400, 'bad-request', 'the body must be a JSON object');
  const { agent, paneId, requestId, hash, answer } = raw;
  if (typeof agent !== 'string' || !isValidId(paneId) || !isValidId(requestId) || typeof hash !== 'string' || !isRecord(answer)) {
    throw new HttpError(400, 'bad-request', 'agent, paneId, requestId, hash and answer are required');
  }
  return { agent, paneId, requestId, hash, answer: answer as AskRequest['answer'], secondTap: bool(raw.secondTap) ?? false };
}

/**
 * One tap on an ask card: compare the ask the phone drew with the ask as the agent holds it now,
 * then pass the answer on once under the agent's own ask id. The bridge never retries.
 */
export async function answerAsk(handle: AgentHandle, askId: string, request: AskRequest): Promise<AskReply> {
  const { store, link, poller } = handle;
  if (!store.hello?.caps.asks) throw new HttpError(404, 'not-found', 'this agent takes no answers');
  await poller.poll(); // read the ask as the agent holds it now
  const log = store.panes.get(request.paneId);
  const current = store.chatJson(request.paneId)?.asks.find((a) => a.id === askId);
  if (!current) {
    const closedBy = log?.closedAsks.get(askId);
    if (closedBy === 'phone') return { outcome: 'already-answered' };
    if (closedBy === 'program') return { outcome: 'decided-in-agent' };
    if (closedBy === 'timeout') return { outcome: 'timed-out' };
    return { outcome: 'too-late' };
  }
  if (current.hash !== request.hash) return { outcome: 'stale', ask: current };
  const answer = checkAnswer(current, request.answer);
  if (!answer) throw new HttpError(400, 'bad-answer', 'the answer does not fit the question');
  if (choosesAllowAlways(current, answer) && !request.secondTap) {
    throw new HttpError(400, 'second-tap-required', 'allow-always needs a second tap');
  }
  const body = { requestId: request.requestId, askId, revision: current.revision, answer };
  let res;
  try {
    res = await link.call('post', 'write', 'POST', `/pane/${encodeURIComponent(request.paneId)}/answer`, { body });
  } catch (err) {
    if (err instanceof TransportError) return { outcome: 'unknown' };
    throw err;
  }
  void poller.poll();
  const reply = isRecord(res.json) ? res.json : {};
  if (res.status >= 500) return { outcome: 'unknown' };
  if (res.status === 200) return { outcome: reply.outcome === 'taken' ? 'taken' : 'too-late' };
  if (res.status === 409 && reply.code === 'stale') {
    const ask = parseAsk(reply.ask);
    return ask ? { outcome: 'stale', ask: toPhoneAsk(ask) } : { outcome: 'too-late' };
  }
  if (res.status === 409 && reply.code === 'decided') {
    const by = oneOf(reply.decidedBy, ['phone', 'program', 'timeout'] as const);
    if (by === 'program') return { outcome: 'decided-in-agent' };
    if (by === 'timeout') return { outcome: 'timed-out' };
    return { outcome: 'already-answered' };
  }
  throw new HttpError(502, 'agent-refused', str(reply.code) ?? `the agent answered ${res.status}`);
}

