import { describe, expect, it } from 'vitest';
import { allowAlwaysOffered, showToolInput } from './allow-always';
import { parseAsk } from './parse-ask';
import type { Ask } from './types';

const permission = (input: unknown, extra: Partial<Ask> = {}): Ask =>
  ({ id: 'a', revision: 1, toolCallId: 't', title: 'Run', kind: 'permission', tool: { name: 'bash', input }, options: [], ...extra }) as Ask;

describe('allow-always', () => {
  it('is offered for a plain, whole permission card on a socket', () => {
    expect(allowAlwaysOffered(permission({ command: 'rm -rf build/' }), false)).toBe(true);
  });

  it('is not offered over TLS, on a shortened card, with no tool, or when the input is cut', () => {
    expect(allowAlwaysOffered(permission({ command: 'ls' }), true)).toBe(false);
    expect(allowAlwaysOffered(permission({ command: 'ls' }, { shortened: true }), false)).toBe(false);
    expect(allowAlwaysOffered({ ...permission(null), tool: null } as Ask, false)).toBe(false);
    expect(allowAlwaysOffered(permission({ files: 'x'.repeat(2000) }), false)).toBe(false);
  });

  it('marks a card shortened when cleaning changed its tool input', () => {
    const raw = { id: 'a', revision: 1, toolCallId: 't', title: 'Run', kind: 'permission', tool: { name: 'bash', input: { command: 'rm -rf /\u202etmp' } }, options: [] };
    const ask = parseAsk(raw)!;
    expect(ask.shortened).toBe(true);
    expect(allowAlwaysOffered(ask, false)).toBe(false);
  });

  it('shows every field of the input, not only the command', () => {
    expect(showToolInput({ command: 'ls', cwd: '/etc' })).toEqual({ text: '{"command":"ls","cwd":"/etc"}', whole: true });
    expect(showToolInput({ command: 'ls' })).toEqual({ text: 'ls', whole: true });
  });
});
