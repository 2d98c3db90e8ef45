import { describe, expect, it } from 'vitest';
import type { InboxAsk } from '../../wire/bridge-json';
import type { PushAnswer } from '../../wire/push-answer';
import { askPush } from './push-payloads';

const row: InboxAsk = { agent: 'desk', paneId: 'p', askId: 'a1', kind: 'permission', title: 'bash', about: 'npm test', conversation: 'Deploy' };
const answer: PushAnswer = { kind: 'permission', hash: '0'.repeat(32), allow: 'allow', deny: 'deny' };

describe("a tool's push", () => {
  it('carries what it would run, and its buttons only when nothing of it was cut', () => {
    expect(askPush(row, [], answer)).toMatchObject({ title: 'bash', about: 'npm test', answer });
    // A command of several lines: the notification shows its first line only.
    expect(askPush({ ...row, aboutCut: true }, [], answer).answer).toBeUndefined();
    // Longer than a lock screen shows.
    const long = askPush({ ...row, about: `echo ${'x'.repeat(400)}` }, [], answer);
    expect(long.about!.endsWith('…')).toBe(true);
    expect(long.answer).toBeUndefined();
  });
});
