import { createHash } from 'node:crypto';
import { checkAnswer, choosesAllowAlways } from '../wire/answer';
import { isValidId } from '../wire/ids';
import { parseAsk } from '../wire/parse-ask';
import { bool, isRecord, oneOf, str } from '../wire/read';
import type { AskOutcome, AskReply, AskRequest } from '../wire/bridge-json';
import type { Answer } from '../wire/types';
import { toPhoneAsk } from './ask-hash';
import type { AgentLink } from './agent-link';
import type { AgentStore } from './agent-store';
import { HttpError } from './http-error';
import type { Ledger, Receipt } from './ledger';
import type { Poller } from './poller';
import { TransportError } from './transport';

export interface AgentHandle {
  store: AgentStore;
  link: AgentLink;
  poller: Poller;
  ledger: Ledger;
}

/** Outcomes after which a repeat of the same request id is answered from the receipt alone. */
const FINAL = new Set<string>(['taken', 'stale', 'decided-in-agent', 'timed-out', 'already-answered', 'too-late', 'maybe-applied']);

/** Reads the phone's answer request; anything malformed is a 400 with a JSON code. */
export function parseAskRequest(raw: unknown): AskRequest {
  if (!isRecord(raw)) throw new HttpError(400, 'bad-request', 'the body must be a JSON object');
  const { agent, paneId, requestId, hash, answer } = raw;
  if (typeof agent !== 'string' || !isValidId(paneId) || !isValidId(requestId) || typeof hash !== 'string' || !isRecord(answer)) {
    throw new HttpError(400, 'bad-request', 'agent, paneId, requestId, hash and answer are required');
  }
  return { agent, paneId, requestId, hash, answer: answer as AskRequest['answer'], secondTap: bool(raw.secondTap) ?? false };
}

/** What the receipt keeps of an answer: option ids, or only the answer's kind, never typed text. */
function answerDetails(answer: Answer): Receipt['details'] {
  if ('optionIds' in answer) return { answerKind: 'optionIds', optionIds: answer.optionIds };
  return { answerKind: 'text' in answer ? 'text' : 'values' };
}

/**
 * One tap on an ask card (bridge.md §6). The ask the phone drew (its hash) is compared with the
 * ask as the agent holds it now; on a match the receipt goes to disk first, then one POST under
 * the agent's own ask id. The bridge never retries by itself: a timeout, a lost connection or a
 * 5xx is `unknown`, and the phone's one `Try again` comes back under the same request id. A
 * retry that finds the ask closed cannot tell whether the first try landed: `maybe-applied`.
 */
export async function answerAsk(handle: AgentHandle, askId: string, request: AskRequest): Promise<AskReply> {
  const { store, link, poller, ledger } = handle;
  if (!store.hello?.caps.asks) throw new HttpError(404, 'not-found', 'this agent takes no answers');
  const payloadHash = createHash('sha256').update(JSON.stringify([askId, request.paneId, request.hash, request.answer, request.secondTap === true])).digest('hex');
  const prior = ledger.get(request.requestId);
  if (prior && (prior.payloadHash !== payloadHash || prior.act !== 'answer')) {
    throw new HttpError(409, 'request-id-reused', 'this request id was used for something else');
  }
  if (prior && FINAL.has(prior.status)) return { outcome: prior.status as AskOutcome };
  if (prior && prior.attempts >= 2) return { outcome: 'maybe-applied' }; // never a third time
  const retry = prior !== undefined;

  const now = new Date().toISOString();
  const receipt: Receipt = prior ?? {
    requestId: request.requestId,
    act: 'answer',
    channel: 'program',
    target: { paneId: request.paneId, askId, revision: null, hash: request.hash },
    details: {},
    payloadHash,
    attempts: 0,
    status: 'new',
    at: now,
    updatedAt: now,
  };
  const settle = async (reply: AskReply): Promise<AskReply> => {
    Object.assign(receipt, { status: reply.outcome, updatedAt: new Date().toISOString() });
    await ledger.write({ ...receipt });
    return reply;
  };

  if (retry) {
    // Try again: the same request under the same id. Whether or not the ask still shows, only the
    // agent's own memory can say whether the first try landed, so the request goes to it once more.
    const revision = typeof receipt.target.revision === 'number' ? receipt.target.revision : 1;
    return send(handle, receipt, { requestId: request.requestId, askId, revision, answer: request.answer }, true, settle);
  }

  await poller.poll(); // the ask as the agent holds it now
  const current = store.chatJson(request.paneId)?.asks.find((a) => a.id === askId);
  if (!current) {
    const closedBy = store.panes.get(request.paneId)?.closedAsks.get(askId);
    if (closedBy === 'phone') return settle({ outcome: 'already-answered' });
    if (closedBy === 'program') return settle({ outcome: 'decided-in-agent' });
    if (closedBy === 'timeout') return settle({ outcome: 'timed-out' });
    return settle({ outcome: 'too-late' });
  }
  if (current.hash !== request.hash) return settle({ outcome: 'stale', ask: current });
  const answer = checkAnswer(current, request.answer);
  if (!answer) throw new HttpError(400, 'bad-answer', 'the answer does not fit the question');
  if (choosesAllowAlways(current, answer) && !request.secondTap) {
    throw new HttpError(400, 'second-tap-required', 'allow-always needs a second tap');
  }
  receipt.target = { ...receipt.target, revision: current.revision };
  receipt.details = answerDetails(answer);
  return send(handle, receipt, { requestId: request.requestId, askId, revision: current.revision, answer }, false, settle);
}

/** One POST to the agent, after its receipt is on disk; never repeated by the bridge itself. */
async function send(
  handle: AgentHandle,
  receipt: Receipt,
  body: { requestId: string; askId: string; revision: number; answer: unknown },
  retry: boolean,
  settle: (reply: AskReply) => Promise<AskReply>,
): Promise<AskReply> {
  const { link, poller, ledger } = handle;
  const paneId = String(receipt.target.paneId);
  Object.assign(receipt, { attempts: receipt.attempts + 1, status: 'sending', updatedAt: new Date().toISOString() });
  await ledger.write({ ...receipt }); // on disk before anything reaches the agent
  let res;
  try {
    res = await link.call('post', 'write', 'POST', `/pane/${encodeURIComponent(paneId)}/answer`, { body });
  } catch (err) {
    if (err instanceof TransportError) return settle({ outcome: 'unknown' });
    throw err;
  }
  void poller.poll();
  const reply = isRecord(res.json) ? res.json : {};
  if (res.status >= 500) return settle({ outcome: 'unknown' });
  if (res.status === 200 && reply.outcome === 'taken') return settle({ outcome: 'taken' });
  // Past here the ask was closed or unknown to the agent: on a retry, the first try may be why.
  if (retry && (res.status === 200 || (res.status === 409 && reply.code === 'decided'))) return settle({ outcome: 'maybe-applied' });
  if (res.status === 200) return settle({ outcome: 'too-late' });
  if (res.status === 409 && reply.code === 'stale') {
    const ask = parseAsk(reply.ask);
    return settle(ask ? { outcome: 'stale', ask: toPhoneAsk(ask) } : { outcome: 'too-late' });
  }
  if (res.status === 409 && reply.code === 'decided') {
    const by = oneOf(reply.decidedBy, ['phone', 'program', 'timeout'] as const);
    if (by === 'program') return settle({ outcome: 'decided-in-agent' });
    if (by === 'timeout') return settle({ outcome: 'timed-out' });
    return settle({ outcome: 'already-answered' });
  }
  Object.assign(receipt, { status: `refused: ${str(reply.code) ?? res.status}`, updatedAt: new Date().toISOString() });
  await ledger.write({ ...receipt });
  throw new HttpError(502, 'agent-refused', str(reply.code) ?? `the agent answered ${res.status}`);
}
