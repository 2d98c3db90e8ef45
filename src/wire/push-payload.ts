/**
 * What one push carries, from the bridge to the phone's service worker (encrypted end to end,
 * RFC 8291): the one shape both sides read. Only what a lock screen shows and what opening the
 * chat at its card needs: the agent's name, the conversation's title, the ask's title (a
 * permission ask: its tool's name), the ids, and for a question a notification may answer, what
 * its buttons need (push-answer.ts). Never typed text, a token or a credential.
 */
import { isValidId } from './ids';
import { parsePushAnswer, type PushAnswer } from './push-answer';
import { isRecord, str } from './read';

interface PushBase {
  v: 1;
  /** The notification's tag (and the push's `topic`): a newer push for it replaces an older one. */
  tag: string;
  /** Tags of asks answered or decided since: the worker closes their notifications when it wakes. */
  closed: string[];
}

export interface AskPush extends PushBase {
  kind: 'ask';
  agent: string;
  paneId: string;
  askId: string;
  conversation: string;
  title: string;
  /** A permission ask's command or path (one line, cut to a lock screen): the notification says what would run. */
  about?: string;
  /** Only for a question a notification may answer (push-answer.ts), and never to a watch device. */
  answer?: PushAnswer;
}

/** What would have been the host's 31st push in an hour: one line, then an hour of silence. */
export interface SummaryPush extends PushBase {
  kind: 'summary';
  agent: string;
  /** Open asks of this agent that were not pushed. */
  waiting: number;
}

/** The person's own "Send a test notification". */
export interface TestPush extends PushBase {
  kind: 'test';
}

export type PushPayload = AskPush | SummaryPush | TestPush;

const TAG = /^[A-Za-z0-9_-]{1,32}$/;
const tags = (raw: unknown): string[] => (Array.isArray(raw) ? raw.filter((t): t is string => typeof t === 'string' && TAG.test(t)) : []);

/** Reads a push's JSON as the worker gets it; null when it is not one the bridge sends. */
export function parsePushPayload(raw: unknown): PushPayload | null {
  if (!isRecord(raw) || raw.v !== 1 || typeof raw.tag !== 'string' || !TAG.test(raw.tag)) return null;
  const base = { v: 1 as const, tag: raw.tag, closed: tags(raw.closed) };
  const agent = str(raw.agent);
  if (raw.kind === 'test') return { ...base, kind: 'test' };
  if (raw.kind === 'summary' && agent !== undefined && typeof raw.waiting === 'number') return { ...base, kind: 'summary', agent, waiting: raw.waiting };
  if (raw.kind !== 'ask' || agent === undefined || !isValidId(raw.paneId) || !isValidId(raw.askId)) return null;
  const push: AskPush = { ...base, kind: 'ask', agent, paneId: raw.paneId, askId: raw.askId, conversation: str(raw.conversation) ?? '', title: str(raw.title) ?? '' };
  const about = str(raw.about);
  if (about) push.about = about;
  const answer = raw.answer === undefined ? null : parsePushAnswer(raw.answer);
  if (answer) push.answer = answer;
  return push;
}
