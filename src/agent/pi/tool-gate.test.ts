import { describe, expect, it } from 'vitest';
import { needsPermission, permissionAsk } from './tool-gate';
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
});
