import { agentPath } from '../../wire/agent-paths';
import { allowAlwaysOffered } from '../../wire/allow-always';
import { checkAnswer, choosesAllowAlways } from '../../wire/answer';
import { cleanField } from '../../wire/clean';
import { isValidId } from '../../wire/ids';
import { parseAsk } from '../../wire/parse-ask';
import { bool, isRecord, oneOf, str } from '../../wire/read';
import type { AskOutcome, AskReply, AskRequest } from '../../wire/write-json';
import type { Answer, DecidedBy } from '../../wire/types';
import { runAct, type ActNames, type ActSpec, type AgentReply, type WriteContext } from './act-runner';
import { toPhoneAsk } from '../poll/ask-hash';
import { conversationKey } from './conversation-lock';
import { HttpError } from '../http/http-error';
import type { Receipt, ReceiptStatus } from '../receipts/ledger';
import type { AgentHandle } from '../agent-handle';

/** Outcomes after which a repeat of the same request id is answered from the receipt alone. */
export const ANSWER_FINAL: ReadonlySet<ReceiptStatus> = new Set<AskOutcome>(['taken', 'stale', 'decided-in-agent', 'timed-out', 'already-answered', 'too-late', 'maybe-applied']);

/** The reply a repeat of a final answer gets from its receipt. */
export const answerFromReceipt = (receipt: Receipt): AskReply => ({ outcome: receipt.status as AskOutcome });

/**
 * Reads the phone's answer as `answerRoute` (src/wire/phone-routes.ts) sent it: the agent and pane
 * its path named, the rest from the body; anything malformed is a 400 with a JSON code.
 */
export function parseAskRequest(path: { agent: string; paneId?: string }, raw: unknown): AskRequest {
  if (!isRecord(raw)) throw new HttpError(400, 'bad-request', 'the body must be a JSON object');
  const { agent, paneId } = path;
  const { requestId, hash, answer } = raw;
  if (!isValidId(paneId) || !isValidId(requestId) || typeof hash !== 'string' || !isRecord(answer)) {
    throw new HttpError(400, 'bad-request', 'paneId, requestId, hash and answer are required');
  }
  const request: AskRequest = { agent, paneId, requestId, hash, answer: answer as AskRequest['answer'], secondTap: bool(raw.secondTap) ?? false };
  // Where the press came from is for the audit line only: the answer, its checks and its receipt are the card's.
  if (raw.via === 'notification') request.via = 'notification';
  return request;
}

/** Who closed an ask the phone meant to answer, as the card's outcome. */
function closedOutcome(closedBy: DecidedBy | undefined): AskOutcome {
  if (closedBy === 'phone') return 'already-answered';
  if (closedBy === 'program') return 'decided-in-agent';
  if (closedBy === 'timeout') return 'timed-out';
  return 'too-late';
}

/** An answer's own field alone (option ids, text or values), as the agent is sent it. */
function answerOnly(answer: Answer): Answer {
  if ('optionIds' in answer) return { optionIds: answer.optionIds };
  if ('text' in answer) return { text: answer.text };
  return { values: answer.values };
}

/** What the receipt keeps of an answer: option ids, or only the answer's kind, never typed text. */
function answerDetails(answer: Answer): Receipt['details'] {
  if ('optionIds' in answer) return { answerKind: 'optionIds', optionIds: answer.optionIds };
  return { answerKind: 'text' in answer ? 'text' : 'values' };
}

function readAnswerReply({ status, json }: AgentReply): AskReply {
  if (status === 200) return { outcome: json.outcome === 'taken' ? 'taken' : 'too-late' };
  if (status === 409 && json.code === 'stale') {
    const ask = parseAsk(json.ask);
    return ask ? { outcome: 'stale', ask: toPhoneAsk(ask) } : { outcome: 'too-late' };
  }
  if (status === 409 && json.code === 'decided') {
    // A decided ask whose decider is not named was decided all the same: by someone, already.
    return { outcome: closedOutcome(oneOf(json.decidedBy, ['phone', 'program', 'timeout'] as const) ?? 'phone') };
  }
  // The agent no longer has the pane: as for an ask it does not know, the question may come back.
  if (status === 404) return { outcome: 'too-late' };
  // The agent's caller check placed the bridge in its own process tree: nothing was applied (WIRE.md §17).
  if (status === 403 && json.code === 'caller-refused') throw new HttpError(409, 'caller-refused', 'the durable agent refused this tap: it came from a process it started');
  // A definite refusal (bad-answer, request-id-reused, a refused token): nothing was applied.
  throw new HttpError(409, 'agent-refused', `the durable agent refused the answer (code: ${cleanField.code(str(json.code) ?? String(status)).text || status})`);
}

/** What the ledger and the audit log call an answer (a member's agent's too: `crew-acts.ts`). */
export const ANSWER_NAMES: ActNames = { act: 'answer', event: 'answer' };

/**
 * One tap on an ask card (docs/bridge.md §6), run as an act: the ask the phone drew (its hash) is
 * compared with the ask as the agent holds it now; on a match the receipt goes to disk first,
 * then one POST under the agent's own ask id. An allow-always option needs the second tap.
 */
export async function answerAsk(handle: AgentHandle, askId: string, request: AskRequest, ctx: WriteContext): Promise<AskReply> {
  const { store } = handle;
  if (!store.hello?.caps.asks) throw new HttpError(404, 'not-found', 'this agent takes no answers');
  const { paneId } = request;
  const spec: ActSpec<AskReply> = {
    ...ANSWER_NAMES,
    requestId: request.requestId,
    payload: [askId, paneId, request.hash, request.answer, request.secondTap === true],
    target: { paneId, askId, revision: null, hash: request.hash },
    details: {},
    lock: { key: conversationKey(store.name, paneId) },
    check: () => {
      const current = store.chatJson(paneId)?.asks.find((a) => a.id === askId);
      if (!current) return { refuse: { outcome: closedOutcome(store.panes.get(paneId)?.closedAsks.get(askId)) } };
      if (current.hash !== request.hash) return { refuse: { outcome: 'stale', ask: current } };
      const checked = checkAnswer(current, request.answer);
      if (!checked) throw new HttpError(400, 'bad-answer', 'the answer does not fit the question');
      if (choosesAllowAlways(current, checked)) {
        // The phone hides allow-always by this same rule; a request that names it anyway is refused.
        if (!allowAlwaysOffered(current, handle.link.usesToken)) throw new HttpError(400, 'allow-always-not-offered', 'allow-always is not offered on this card');
        if (!request.secondTap) throw new HttpError(400, 'second-tap-required', 'allow-always needs a second tap');
      }
      return { proceed: { target: { revision: current.revision }, details: answerDetails(checked) } };
    },
    post: (receipt) => ({
      path: agentPath('answer', { pane: paneId }),
      // The answer as checked on the first try: only its own field travels (a retry sends the same).
      body: { askId, revision: typeof receipt.target.revision === 'number' ? receipt.target.revision : 1, answer: answerOnly(request.answer) },
      routeClass: 'write',
    }),
    read: readAnswerReply,
    // On a retry, anything but taken or stale means the ask closed: the first try may be why.
    unsure: (reply) => reply.outcome !== 'taken' && reply.outcome !== 'stale',
    replies: { busy: { outcome: 'busy' }, notSent: { outcome: 'not-sent' }, unknown: { outcome: 'unknown' }, maybeApplied: { outcome: 'maybe-applied' } },
    final: ANSWER_FINAL,
    fromReceipt: answerFromReceipt,
    keep: () => ({}),
    audit: {
      event: ANSWER_NAMES.event,
      details: (reply, receipt) => ({ paneId, askId, revision: receipt.target.revision ?? null, ...receipt.details, result: reply.outcome, via: request.via }),
    },
  };
  const reply = await runAct(handle, ctx, spec);
  if (reply.outcome === 'taken')
    store.noteAnswer(paneId, askId, { deviceId: ctx.device.id, device: ctx.device.name, ...(request.via === 'notification' ? { via: 'notification' } : {}) });
  return reply;
}
