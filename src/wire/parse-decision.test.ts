import { describe, expect, it } from 'vitest';
import { parseDecision } from './parse-decision';

describe('a decision line read from untrusted JSON (the disk cache, a crew member)', () => {
  it('keeps every field a phone draws: the question, the answer, who and when', () => {
    const line = {
      type: 'decision',
      id: 'decision-2',
      decidedBy: 'phone',
      title: 'Ship?',
      askId: 'a1',
      at: '2026-12-05T09:41:00.000Z',
      answered: { labels: ['Allow'] },
      tool: 'bash',
      by: { deviceId: 'dev-1', device: 'Pixel 7', via: 'notification' },
    };
    expect(parseDecision(line)).toEqual(line);
  });

  it('cleans what it keeps and drops what does not read', () => {
    const parsed = parseDecision({
      type: 'decision',
      id: 'd',
      decidedBy: 'phone',
      title: 'Q',
      tool: 'ba\u0000sh',
      by: { deviceId: 'not an id!', device: 'x' },
      answered: { typed: 'nope' },
    });
    expect(parsed).toEqual({ type: 'decision', id: 'd', decidedBy: 'phone', title: 'Q', tool: 'bash' });
    expect(parseDecision({ type: 'decision', id: 'd', decidedBy: 'someone' })).toBeNull();
    expect(parseDecision({ type: 'item' })).toBeNull();
  });
});
