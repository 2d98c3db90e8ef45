import { join } from 'node:path';
import type { ActOutcome, ActReply, ActRequest, AskOutcome, AskReply, AskRequest } from '../../wire/write-json';
import { ACT_OUTCOMES, ASK_OUTCOMES, isRefusalReason } from '../../wire/write-json';
import { isAskHash } from '../../wire/ask-key';
import { cleanField } from '../../wire/clean';
import { isValidId } from '../../wire/ids';
import { parseAsk, parseTurn } from '../../wire/parse-ask';
import { triesLeft } from '../../wire/tries';
import { PHONE_ERROR_CODES, type PhoneErrorCode } from '../../wire/phone-errors';
import { actRoute, answerRoute } from '../../wire/phone-routes';
import { isRecord, str } from '../../wire/read';
import { auditResult, type AuditDevice, type AuditLog } from '../acts/audit-log';
import { ACT_FINAL, actFromReceipt, actKeep } from '../acts/act-runner';
import { actNames, actTarget } from '../acts/act-specs';
import { ANSWER_FINAL, ANSWER_NAMES, answerFromReceipt } from '../acts/answer-ask';
import { Ledger, type Receipt } from '../receipts/ledger';
import { payloadHashOf, refuseReuse } from '../acts/request-reuse';
import { privateFolder } from '../fs/state-dir';
import { HttpError } from '../http/http-error';
import { neverSent, TransportError } from '../link/transport';
import { crewCall, type CrewTls } from './crew-call';
import type { CrewViews } from './crew-views';
import { FOR_DEVICE_HEADERS } from './crew-routes';

/** How long the lead waits on a member's reply to a write: the member's own deadlines (a lock, the agent's POST) fit inside. */
export const FORWARD_MS = 30_000;

/** A phone's write to a member's agent, as the lead's route read it (its agent is `<agent>@<label>`). */
export type Forwarded = { kind: 'act'; request: ActRequest } | { kind: 'answer'; askId: string; request: AskRequest };

const isIn = (list: readonly string[], value: string) => list.includes(value);

/**
 * A tap on a member's agent goes phone → lead → member → agent, under the request id the phone
 * minted, once (docs/bridge.md §9): the lead writes its receipt (`<state>/crew/<label>/<agent>/`)
 * before it forwards, and the member runs the act as for its own phone (its receipt before the
 * agent hears anything, its lock, its checks). A repeat the lead has a final outcome for is
 * answered from its own receipt; only one lost between the bridges (`unknown`) is forwarded again
 * under the same id, where the member's ledger answers it, so nothing is applied twice. The lead's audit log names the phone's device; the
 * member's names it too, as come through the lead.
 */
export class CrewActs {
  private readonly ledgers = new Map<string, Promise<Ledger>>();

  constructor(
    private readonly views: CrewViews,
    private readonly stateDir: string,
    private readonly log: (line: string) => void,
    private readonly tls?: CrewTls,
  ) {}

  async forward(forwarded: Forwarded, device: AuditDevice, audit: AuditLog): Promise<ActReply | AskReply> {
    const { request } = forwarded;
    const found = this.views.find(request.agent);
    if (!found) throw new HttpError(404, 'no-such-agent', 'no durable agent has this name');
    const { member, agent } = found;
    const theirs = { ...request, agent };
    const { path, body } = forwarded.kind === 'act' ? actRoute(theirs as ActRequest) : answerRoute(forwarded.askId, theirs as AskRequest);
    const { act, event } = forwarded.kind === 'act' ? actNames(forwarded.request) : ANSWER_NAMES;
    const payloadHash = payloadHashOf(act, [path, body]);
    const ledger = await this.ledger(member.label, agent);
    const prior = ledger.get(request.requestId);
    refuseReuse(prior, act, payloadHash);
    // A repeat is the lead's to answer: one it has a final outcome for never reaches the member again.
    if (prior && (forwarded.kind === 'act' ? ACT_FINAL : ANSWER_FINAL).has(prior.status)) return forwarded.kind === 'act' ? actFromReceipt(prior) : answerFromReceipt(prior);
    if (prior && !triesLeft(prior.attempts)) return { outcome: 'maybe-applied' };
    const now = new Date().toISOString();
    const receipt: Receipt = prior ?? {
      requestId: request.requestId,
      act,
      channel: 'program',
      target: idsOf(forwarded),
      details: {},
      payloadHash,
      attempts: 0,
      status: 'new',
      at: now,
      updatedAt: now,
    };
    Object.assign(receipt, { attempts: receipt.attempts + 1, status: 'sending', updatedAt: now });
    await ledger.write({ ...receipt }); // on disk before the member hears anything

    let reply: ActReply | AskReply;
    try {
      const res = await crewCall(
        member.origin,
        {
          method: 'POST',
          path,
          body,
          key: member.key,
          headers: { [FOR_DEVICE_HEADERS.id]: device.id, [FOR_DEVICE_HEADERS.name]: encodeURIComponent(device.name) },
          deadlineMs: FORWARD_MS,
          maxBytes: 64 * 1024,
        },
        this.tls,
      );
      reply = res.status === 200 ? readReply(forwarded.kind, res.json) : refusal(res.status, res.json, member.label);
    } catch (err) {
      if (err instanceof HttpError) {
        await ledger.write({ ...receipt, status: 'agent-refused', refusedCode: err.code, updatedAt: new Date().toISOString() });
        throw err;
      }
      if (neverSent(err)) {
        this.log(`[bridge] crew: ${request.agent}: a write to ${member.label} was not sent (${err instanceof Error ? err.message : String(err)})`);
        reply = { outcome: 'not-sent' };
      } else {
        if (!(err instanceof TransportError)) throw err;
        this.log(`[bridge] crew: ${request.agent}: a write forwarded to ${member.label} has an unknown outcome (${err.message})`);
        reply = { outcome: 'unknown' };
      }
    }
    // Not delivered (the member, or its agent, was not reached): the try does not count.
    if (reply.outcome === 'not-sent') receipt.attempts -= 1;
    const kept = forwarded.kind === 'act' ? actKeep(reply as ActReply) : {};
    await ledger.write({ ...receipt, status: reply.outcome, details: { ...receipt.details, ...kept }, updatedAt: new Date().toISOString() });
    await audit.record(request.agent, device, event, { requestId: request.requestId, ...idsOf(forwarded), via: 'crew', result: auditResult(reply) });
    return reply;
  }

  private ledger(label: string, agent: string): Promise<Ledger> {
    const key = `${label}\n${agent}`;
    let ledger = this.ledgers.get(key);
    if (!ledger) {
      ledger = (async () => {
        await privateFolder(join(this.stateDir, 'crew'));
        await privateFolder(join(this.stateDir, 'crew', label));
        return Ledger.open(await privateFolder(join(this.stateDir, 'crew', label, agent)), this.log);
      })();
      ledger.catch(() => this.ledgers.delete(key));
      this.ledgers.set(key, ledger);
    }
    return ledger;
  }
}

/** The ids a write names, for the receipt and the audit line (an act's from the act table): never its text. */
const idsOf = (forwarded: Forwarded): Receipt['target'] =>
  forwarded.kind === 'answer' ? { paneId: forwarded.request.paneId, askId: forwarded.askId } : actTarget(forwarded.request);

/** The member's reply to a write, cleaned; anything that does not read is an unknown outcome (the phone may try again). */
function readReply(kind: Forwarded['kind'], json: unknown): ActReply | AskReply {
  if (!isRecord(json) || typeof json.outcome !== 'string') return { outcome: 'unknown' };
  if (kind === 'answer') {
    if (!isIn(ASK_OUTCOMES, json.outcome)) return { outcome: 'unknown' };
    const reply: AskReply = { outcome: json.outcome as AskOutcome };
    const ask = isRecord(json.ask) && isAskHash(json.ask.hash) ? parseAsk(json.ask) : null;
    if (ask && isRecord(json.ask)) reply.ask = { ...ask, hash: json.ask.hash as string };
    return reply;
  }
  if (!isIn(ACT_OUTCOMES, json.outcome)) return { outcome: 'unknown' };
  const reply: ActReply = { outcome: json.outcome as ActOutcome };
  if (typeof json.reason === 'string' && isRefusalReason(json.reason)) reply.reason = json.reason;
  if (isValidId(json.askId)) reply.askId = json.askId;
  if (json.turn === null) reply.turn = null;
  else if (json.turn !== undefined) {
    const turn = parseTurn(json.turn);
    if (turn) reply.turn = turn;
  }
  if (isValidId(json.paneId)) reply.paneId = json.paneId;
  if (isValidId(json.conversationId)) reply.conversationId = json.conversationId;
  return reply;
}

/**
 * A member's refusal of the write itself (4xx with a code a phone knows: a reused request id, a
 * pane that is gone, text over the limit…) is passed on with the member's label; anything else
 * (a 5xx, a body that does not read) is an unknown outcome, since the member may have acted.
 */
function refusal(status: number, json: unknown, label: string): never | ActReply {
  const code = isRecord(json) ? json.code : undefined;
  const known = PHONE_ERROR_CODES.find((c): c is PhoneErrorCode => c === code);
  if (status >= 400 && status < 500 && known) {
    const message = isRecord(json) ? str(json.message) : undefined;
    throw new HttpError(status, known, `${label}: ${cleanField.line(message ?? known).text}`);
  }
  return { outcome: 'unknown' };
}
