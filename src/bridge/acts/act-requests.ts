import type { ActRequest } from '../../wire/write-json';
import { isValidId } from '../../wire/ids';
import { isRecord, oneOf } from '../../wire/read';
import { sendTextProblem, titleProblem } from '../../wire/text-rules';
import { WRITE_TARGETS } from '../../wire/types';
import { HttpError } from '../http/http-error';

const bad = (message: string) => new HttpError(400, 'bad-request', message);

function id(raw: unknown, name: string): string {
  if (!isValidId(raw)) throw bad(`${name} must be an id`);
  return raw;
}

function turnId(raw: unknown): string | null {
  if (raw === null || raw === undefined) return null;
  return id(raw, 'turnId');
}

/** Text the phone sends, by the wire's one rule, refused here before anything else sees it. */
function text(raw: unknown): string {
  if (typeof raw !== 'string') throw bad('text must be a string');
  const found = sendTextProblem(raw);
  if (found?.problem === 'empty') throw new HttpError(400, 'empty', 'the text is empty');
  if (found) throw new HttpError(400, 'too-long', `the text is over ${found.limit} bytes`);
  return raw;
}

/**
 * Reads a phone's act as `actRoute` (src/wire/phone-routes.ts) sent it: what the route's path
 * named (agent, and pane or starter) beside the body's fields, each checked. Anything malformed is
 * a 400 with a JSON code; nothing reaches an agent.
 */
export function parseActRequest(act: ActRequest['act'], path: { agent: string; paneId?: string; starterId?: string }, raw: unknown): ActRequest {
  if (!isRecord(raw)) throw bad('the body must be a JSON object');
  const requestId = id(raw.requestId, 'requestId');
  const agent = path.agent;
  const paneId = () => id(path.paneId, 'paneId');
  switch (act) {
    case 'send':
      return { act, agent, paneId: paneId(), requestId, text: text(raw.text), turnId: turnId(raw.turnId) };
    case 'steer':
      return { act, agent, paneId: paneId(), requestId, text: text(raw.text), turnId: turnId(raw.turnId) };
    case 'stop':
      return { act, agent, paneId: paneId(), requestId, turnId: turnId(raw.turnId) };
    case 'action':
      return { act, agent, paneId: paneId(), requestId, actionId: id(raw.actionId, 'actionId'), turnId: turnId(raw.turnId) };
    case 'starter':
      return { act, agent, requestId, starterId: id(path.starterId, 'starterId') };
    case 'rename': {
      const target = oneOf(raw.target, WRITE_TARGETS);
      if (!target || typeof raw.title !== 'string') throw bad('target, id and a title are required');
      const found = titleProblem(raw.title);
      if (found?.problem === 'empty') throw new HttpError(400, 'empty', 'the title is empty');
      if (found) throw new HttpError(400, 'too-long', `a title is at most ${found.limit} bytes`);
      return { act, agent, requestId, target, id: id(raw.id, 'id'), title: raw.title.trim() };
    }
    case 'close': {
      const target = oneOf(raw.target, WRITE_TARGETS);
      if (!target) throw bad('target must be workspace, tab or pane');
      return { act, agent, requestId, target, id: id(raw.id, 'id') };
    }
    case 'reopen':
      return { act, agent, requestId, conversationId: id(raw.conversationId, 'conversationId') };
  }
}
