import { describe, expect, it } from 'vitest';
import type { PhoneAsk } from './bridge-json';
import { PUSH_LIMITS } from './limits';
import { parsePushAnswer, pushAnswerOf } from './push-answer';
import { parsePushPayload, type AskPush } from './push-payload';
import { utf8Length } from './utf8';

const HASH = '0123456789abcdef0123456789abcdef';
const base = { id: 'a1', revision: 1, toolCallId: 'tc', title: 'Ship it?', hash: HASH, shortened: false };
const choice = (over: Partial<PhoneAsk & { kind: 'choice' }> = {}): PhoneAsk => ({
  ...base,
  kind: 'choice',
  multiple: false,
  options: [
    { id: 'y', label: 'Yes' },
    { id: 'n', label: 'No' },
  ],
  ...over,
});
const permission = (over: Partial<PhoneAsk & { kind: 'permission' }> = {}): PhoneAsk => ({
  ...base,
  kind: 'permission',
  tool: { name: 'bash', input: { command: 'npm test' } },
  options: [
    { id: 'once', label: 'Allow', effect: 'allow' },
    { id: 'always', label: 'Always', effect: 'allow-always' },
    { id: 'no', label: 'Deny', effect: 'deny' },
  ],
  ...over,
});

describe('which questions a notification may answer', () => {
  it('a choice with one answer and at most three short options: its options and hash', () => {
    const options = [
      { id: 'y', label: 'Yes' },
      { id: 'n', label: 'No' },
    ];
    expect(pushAnswerOf(choice())).toEqual({ kind: 'choice', hash: HASH, options });
    const three = [1, 2, 3].map((n) => ({ id: `o${n}`, label: `Option ${n}` }));
    expect(pushAnswerOf(choice({ options: three }))?.kind).toBe('choice');
  });

  it('never a multi-choice, more than three options, a label too long for a button, two labels alike, or a shortened card', () => {
    const four = [1, 2, 3, 4].map((n) => ({ id: `o${n}`, label: `Option ${n}` }));
    expect(pushAnswerOf(choice({ multiple: true }))).toBeNull();
    expect(pushAnswerOf(choice({ options: four }))).toBeNull();
    expect(pushAnswerOf(choice({ options: [] }))).toBeNull();
    expect(pushAnswerOf(choice({ options: [{ id: 'y', label: 'y'.repeat(PUSH_LIMITS.answerLabelChars + 1) }] }))).toBeNull();
    expect(pushAnswerOf(choice({ options: [{ id: 'y', label: '确'.repeat(PUSH_LIMITS.answerLabelChars) }] }))?.kind).toBe('choice');
    expect(
      pushAnswerOf(
        choice({
          options: [
            { id: 'a', label: 'Yes' },
            { id: 'b', label: 'yes ' },
          ],
        }),
      ),
    ).toBeNull();
    expect(pushAnswerOf(choice({ shortened: true }))).toBeNull();
  });

  it('never a text, form or unknown question', () => {
    expect(pushAnswerOf({ ...base, kind: 'text' })).toBeNull();
    expect(pushAnswerOf({ ...base, kind: 'form', fields: [] })).toBeNull();
    expect(pushAnswerOf({ ...base, kind: 'unknown', wireKind: 'poll' })).toBeNull();
  });

  it('a permission as its one allow and one deny option, never allow-always', () => {
    expect(pushAnswerOf(permission())).toEqual({ kind: 'permission', hash: HASH, allow: 'once', deny: 'no' });
  });

  it('no permission without a tool, with input the card cuts, shortened, or without exactly one allow and one deny', () => {
    expect(pushAnswerOf(permission({ tool: null }))).toBeNull();
    expect(pushAnswerOf(permission({ tool: { name: 'bash', input: { data: 'x'.repeat(2000) } } }))).toBeNull();
    expect(pushAnswerOf(permission({ shortened: true }))).toBeNull();
    expect(
      pushAnswerOf(
        permission({
          options: [
            { id: 'always', label: 'Always', effect: 'allow-always' },
            { id: 'no', label: 'Deny', effect: 'deny' },
          ],
        }),
      ),
    ).toBeNull();
    const twoAllows = [
      { id: 'once', label: 'Allow', effect: 'allow' as const },
      { id: 'also', label: 'Yes', effect: 'allow' as const },
      { id: 'no', label: 'Deny', effect: 'deny' as const },
    ];
    expect(pushAnswerOf(permission({ options: twoAllows }))).toBeNull();
  });

  it('reads back what the bridge wrote, and nothing malformed', () => {
    for (const ask of [choice(), permission()]) {
      const answer = pushAnswerOf(ask);
      expect(parsePushAnswer(JSON.parse(JSON.stringify(answer)))).toEqual(answer);
    }
    expect(parsePushAnswer({ kind: 'choice', hash: 'short', options: [{ id: 'y', label: 'Yes' }] })).toBeNull();
    expect(parsePushAnswer({ kind: 'choice', hash: HASH, options: [{ id: 'a b', label: 'Yes' }] })).toBeNull();
    expect(parsePushAnswer({ kind: 'permission', hash: HASH, allow: 'x', deny: 'x' })).toBeNull();
    expect(parsePushAnswer({ kind: 'form', hash: HASH })).toBeNull();
  });

  it('keeps the largest push within what a push may carry', () => {
    const id = (c: string) => c.repeat(128);
    const label = '"'.repeat(PUSH_LIMITS.answerLabelChars); // each doubles in JSON
    const biggest: AskPush = {
      v: 1,
      kind: 'ask',
      tag: 'x'.repeat(32),
      closed: Array.from({ length: PUSH_LIMITS.closedInPayload }, () => 'c'.repeat(32)),
      agent: '\\'.repeat(64),
      paneId: id('p'),
      askId: id('a'),
      conversation: '"'.repeat(PUSH_LIMITS.conversationBytes),
      title: '"'.repeat(PUSH_LIMITS.titleBytes),
      answer: { kind: 'choice', hash: HASH, options: ['1', '2', '3'].map((n) => ({ id: id(n), label })) },
    };
    expect(utf8Length(JSON.stringify(biggest))).toBeLessThanOrEqual(PUSH_LIMITS.payloadBytes);
    expect(parsePushPayload(JSON.parse(JSON.stringify(biggest)))).toEqual(biggest);
  });
});
