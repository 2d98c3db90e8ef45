import type { InboxAsk } from '../../wire/bridge-json';
import { clean } from '../../wire/clean';
import { PUSH_LIMITS } from '../../wire/limits';
import type { PushAnswer } from '../../wire/push-answer';
import type { AskPush, PushPayload, SummaryPush, TestPush } from '../../wire/push-payload';
import { askTag } from './push-state';

/**
 * The JSON of each push. The inbox's row is the source: its text was cleaned at the edge, and a
 * permission ask's title there is the tool's name only, never model text. Cut again here to what
 * a lock screen shows; the payload never holds typed text, a token or a credential.
 */
export function askPush(ask: InboxAsk, closed: readonly string[], answer: PushAnswer | null = null): AskPush {
  const push: AskPush = {
    v: 1,
    kind: 'ask',
    tag: askTag(ask.agent, ask.askId),
    closed: [...closed],
    agent: ask.agent,
    paneId: ask.paneId,
    askId: ask.askId,
    conversation: clean(ask.conversation, { maxBytes: PUSH_LIMITS.conversationBytes }),
    title: clean(ask.title, { maxBytes: PUSH_LIMITS.titleBytes }),
  };
  if (ask.about !== undefined) push.about = clean(ask.about, { maxBytes: PUSH_LIMITS.titleBytes });
  // Text cut for the lock screen (the title, or the command or path it would run) is not what the
  // card shows: its buttons stay off (push-answer.ts).
  const whole = push.title === ask.title && push.about === ask.about && ask.aboutCut !== true;
  if (answer && whole) push.answer = answer;
  return push;
}

/** The push as a watch device gets it: a watching phone answers nothing, from a notification neither. */
export function forWatching(payload: PushPayload): PushPayload {
  if (payload.kind !== 'ask' || !payload.answer) return payload;
  const { answer: _answer, ...rest } = payload;
  return rest;
}

/** The one summary of an agent's hour: its tag is the agent's, so a later one replaces it. */
export function summaryPush(agent: string, waiting: number, closed: readonly string[]): SummaryPush {
  return { v: 1, kind: 'summary', tag: askTag(agent, ':summary'), closed: [...closed], agent, waiting };
}

export function testPush(): TestPush {
  return { v: 1, kind: 'test', tag: 'collie-test', closed: [] };
}
