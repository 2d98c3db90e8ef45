import { describe, expect, it } from 'vitest';
import type { ChatEntry } from '../../wire/bridge-json';
import type { Item } from '../../wire/types';
import { PREVIEW_BYTES, rowPreview } from './row-preview';

const at = '2025-01-02T03:04:05.000Z';
const item = (it: Item): ChatEntry => ({ type: 'item', item: it });

describe("a conversation row's preview", () => {
  it('is the newest item, as one line of its text', () => {
    const entries = [item({ id: 'a', at, kind: 'user', text: 'first' }), item({ id: 'b', at, kind: 'reply', text: '  Done.\n\nThe build\tpassed. ' })];
    expect(rowPreview(entries)).toEqual({ kind: 'reply', text: 'Done. The build passed.', at });
  });

  it('names a tool by its name, a link by its title or address, code by its first line; the phone words the kind', () => {
    expect(rowPreview([item({ id: 't', at, kind: 'tool', toolCallId: 'c', name: 'Bash', summary: 'rm -rf', status: 'running' })])).toEqual({ kind: 'tool', text: 'Bash', at });
    expect(rowPreview([item({ id: 'l', at, kind: 'link', url: 'https://example.com/x' })])?.text).toBe('https://example.com/x');
    expect(rowPreview([item({ id: 'l', at, kind: 'link', url: 'https://example.com/x', title: 'The docs' })])?.text).toBe('The docs');
    expect(rowPreview([item({ id: 'c', at, kind: 'code', text: '\n  npm test\nnpm run build', language: 'sh' })])).toEqual({ kind: 'code', text: 'npm test', at });
  });

  it('shows a reply’s markdown as its words, and names its blocks instead of their raw marks', () => {
    const text = 'You said: x\n\n| file | n |\n|-|-:|\n| a.ts | 2 |\n\n```diff\n-old\n+new\n```';
    expect(rowPreview([item({ id: 'm', at, kind: 'markdown', text })])).toEqual({ kind: 'markdown', text: 'You said: x', blocks: ['table', 'diff'], at });
    expect(rowPreview([item({ id: 'm', at, kind: 'markdown', text: '**Done.** See `log`.' })])).toEqual({ kind: 'markdown', text: 'Done. See log.', at });
  });

  it('passes over the bridge’s own decision lines, and is absent with no item', () => {
    const decision: ChatEntry = { type: 'decision', id: 'd', decidedBy: 'program', title: 'Ship it?' };
    expect(rowPreview([item({ id: 'a', at, kind: 'notice', text: 'waiting' }), decision])).toEqual({ kind: 'notice', text: 'waiting', at });
    expect(rowPreview([decision])).toBeUndefined();
    expect(rowPreview([])).toBeUndefined();
  });

  it('is cut at a whole character within its byte limit', () => {
    const text = rowPreview([item({ id: 'a', at, kind: 'reply', text: 'ü'.repeat(400) })])!.text;
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(PREVIEW_BYTES);
    expect(text.endsWith('…')).toBe(true);
    expect(text).not.toContain('\ufffd');
  });
});
