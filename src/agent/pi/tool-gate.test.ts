import { describe, expect, it } from 'vitest';
import { cleanJsonValue } from '../../wire/parse-ask';
import { LIMITS } from '../../wire/limits';
import { CARD_STRING_BYTES, cardInput, needsPermission, permissionAsk } from './tool-gate';
import { READ_ONLY_TOOLS } from './tool-place';

describe("the permission gate's rules", () => {
  it('asks for every tool but the read-only ones', () => {
    for (const name of READ_ONLY_TOOLS) expect(needsPermission(name), name).toBe(false);
    for (const name of ['bash', 'write', 'edit', 'deploy', 'mcp_anything']) expect(needsPermission(name), name).toBe(true);
  });

  it('builds the card from the tool and its arguments: title, tool input, the three options and what Allow always covers', () => {
    expect(permissionAsk('call_1', 'bash', { command: 'rm -rf build' }, true)).toEqual({
      kind: 'permission',
      toolCallId: 'call_1',
      itemId: 'tool-call_1',
      title: 'bash rm -rf build',
      reason: 'Allow always lets bash run without asking for the rest of this chat.',
      tool: { name: 'bash', input: { command: 'rm -rf build' } },
      options: [
        { id: 'allow', label: 'Allow', effect: 'allow' },
        { id: 'always', label: 'Allow always', effect: 'allow-always' },
        { id: 'deny', label: 'Deny', effect: 'deny' },
      ],
    });
  });

  it('offers no Allow always over a token, nor on a card whose input was cut', () => {
    expect(permissionAsk('c', 'bash', { command: 'ls' }, false).options.map((o) => o.id)).toEqual(['allow', 'deny']);
    const big = permissionAsk('c', 'write', { path: 'a', content: 'x'.repeat(3_000_000) }, true);
    expect(big.options.map((o) => o.id)).toEqual(['allow', 'deny']);
    expect(big.reason).toBeUndefined();
  });

  it('cuts long strings so the bridge marks the card shortened too', () => {
    const { input, cut } = cardInput({ content: 'x'.repeat(CARD_STRING_BYTES * 10), path: 'a.txt', nested: [{ deep: 'y'.repeat(CARD_STRING_BYTES + 1) }] });
    expect(cut).toBe(true);
    const shown = input as { content: string; path: string; nested: { deep: string }[] };
    expect(Buffer.byteLength(shown.content)).toBeLessThanOrEqual(CARD_STRING_BYTES);
    expect(shown.path).toBe('a.txt');
    let marked = false;
    cleanJsonValue(input, () => (marked = true));
    expect(marked).toBe(true);
    expect(cardInput({ command: 'ls', n: 1 })).toEqual({ input: { command: 'ls', n: 1 }, cut: false });
    expect(LIMITS.reasonBytes).toBeLessThan(CARD_STRING_BYTES);
  });
});
