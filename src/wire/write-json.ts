/**
 * The phone's writes to an agent through the bridge: an answer to an ask, every other act, and
 * the outcomes the bridge replies with (each a list, checked by whoever reads a reply).
 */
import type { PhoneAsk } from './bridge-json';
import type { Answer, Turn, WriteTarget } from './types';

export interface AskRequest {
  agent: string;
  paneId: string;
  requestId: string;
  /** The hash of the ask the phone drew. */
  hash: string;
  answer: Answer;
  /** The person tapped an allow-always option twice. */
  secondTap?: boolean;
  /** Pressed on the question's notification (the service worker sends it), for the audit line; a card sends none. */
  via?: 'notification';
}

/** Every outcome of an answer, as a list: whoever reads an answer's reply (the worker, a crew's lead) checks it against this one. */
/** `not-sent`: the bridge could not reach the agent (or the crew member) at all; nothing was delivered, Try again sends it. */
export const ASK_OUTCOMES = ['busy', 'taken', 'stale', 'decided-in-agent', 'timed-out', 'already-answered', 'too-late', 'not-sent', 'unknown', 'maybe-applied'] as const;
export type AskOutcome = (typeof ASK_OUTCOMES)[number];

export interface AskReply {
  outcome: AskOutcome;
  /** With `stale`: the ask as it is now. */
  ask?: PhoneAsk;
}

/** Every act on an agent besides answering: its body always carries the phone's request id. */
export type ActRequest =
  | { act: 'send'; agent: string; paneId: string; requestId: string; text: string; turnId: string | null }
  | { act: 'steer'; agent: string; paneId: string; requestId: string; text: string; turnId: string | null }
  | { act: 'stop'; agent: string; paneId: string; requestId: string; turnId: string | null }
  | { act: 'action'; agent: string; paneId: string; requestId: string; actionId: string; turnId: string | null }
  | { act: 'starter'; agent: string; requestId: string; starterId: string }
  | { act: 'rename'; agent: string; requestId: string; target: WriteTarget; id: string; title: string }
  | { act: 'close'; agent: string; requestId: string; target: WriteTarget; id: string }
  | { act: 'reopen'; agent: string; requestId: string; conversationId: string };

/** Every outcome of an act, as a list (see ASK_OUTCOMES). */
export const ACT_OUTCOMES = ['done', 'sent', 'queued', 'steered', 'stopped', 'idle', 'refused', 'not-sent', 'unknown', 'maybe-applied'] as const;
export type ActOutcome = (typeof ACT_OUTCOMES)[number];

/** Why an act was refused, as the phone is told: the one list (the phone's words are keyed by it). */
export const REFUSAL_REASONS = ['busy', 'ask-open', 'turn-moved', 'no-turn', 'not-found', 'too-long', 'empty', 'bad-request', 'agent-refused', 'caller-refused'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];
export const isRefusalReason = (code: string): code is RefusalReason => (REFUSAL_REASONS as readonly string[]).includes(code);

export interface ActReply {
  outcome: ActOutcome;
  reason?: RefusalReason;
  /** With ask-open: the ask to answer first. */
  askId?: string;
  /** With turn-moved: the turn as it is now. */
  turn?: Turn | null;
  /** A starter or a reopen: the pane it opened. */
  paneId?: string;
  conversationId?: string;
}

/**
 * The open conversation (pane) an act holds while it runs, or null for one that holds none: the
 * bridge's lock per conversation and the phone's one-write-at-a-time queue both read it here.
 */
export function heldPane(request: ActRequest): string | null {
  switch (request.act) {
    case 'send':
    case 'steer':
    case 'stop':
    case 'action':
      return request.paneId;
    case 'rename':
    case 'close':
      return request.target === 'pane' ? request.id : null;
    default:
      return null;
  }
}
