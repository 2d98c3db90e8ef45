import { describe, expect, it } from 'vitest';
import type { ChatEntry, ChatJson } from '../wire/bridge-json';
import { createBridgeClient } from './phone-api-client';

const item = (id: string): ChatEntry => ({ type: 'item', item: { id, kind: 'reply', at: '', text: id } });
const held: ChatJson = {
  agent: { name: 'desk', where: 'here', status: 'ok', open: 1, needsYou: 0, caps: null },
  pane: { id: 'p', title: 'Work', workspaceId: 'w', tabId: 't', state: 'idle', turn: null, belt: [] },
  entries: [item('a'), item('b')],
  asks: [],
  trimmed: false,
  sends: [],
};
const whole: ChatJson = { ...held, entries: [item('a'), item('b'), item('c')] };

/** A bridge that answers each request with the next body, and tells what was asked. */
function bridgeAnswering(...bodies: unknown[]) {
  const asked: { url: string; tag: string | null }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    asked.push({ url, tag: new Headers(init.headers).get('if-none-match') });
    return new Response(JSON.stringify(bodies.shift()), { status: 200, headers: { etag: '"v2"' } });
  }) as typeof fetch;
  return { client: createBridgeClient('', fetchImpl), asked };
}

describe('the client reading a chat', () => {
  it('asks for a delta when it holds the chat, and applies it keeping the held entries', async () => {
    const { client, asked } = bridgeAnswering({ delta: { from: '"v1"', held: 2, entries: [[0, 2], item('c')] } });
    const read = await client.chat('desk', 'p', '"v1"', { wait: true, held });
    expect(asked).toEqual([{ url: '/api/agents/desk/panes/p?wait=1&delta=1', tag: '"v1"' }]);
    expect(read).toEqual({ changed: true, data: whole, etag: '"v2"', patched: true });
    if (read.changed) expect(read.data.entries[0]).toBe(held.entries[0]);
  });

  it('reads the whole view instead of a delta it cannot apply: malformed, or made for another copy', async () => {
    for (const delta of [
      { from: '"v1"', held: 2, entries: 'all' },
      { from: '"v0"', held: 2, entries: [[0, 2]] },
      { from: '"v1"', held: 5, entries: [[0, 5]] },
    ]) {
      const { client, asked } = bridgeAnswering({ delta }, whole);
      expect(await client.chat('desk', 'p', '"v1"', { held })).toEqual({ changed: true, data: whole, etag: '"v2"' });
      expect(asked[1]).toEqual({ url: '/api/agents/desk/panes/p', tag: null });
    }
  });

  it('takes no deltas without a held chat, and passes a whole view on as it came', async () => {
    const { client, asked } = bridgeAnswering(whole, whole);
    expect(await client.chat('desk', 'p', '"v1"', { wait: true })).toEqual({ changed: true, data: whole, etag: '"v2"' });
    expect(await client.chat('desk', 'p', null, { held })).toEqual({ changed: true, data: whole, etag: '"v2"' });
    expect(asked.map((a) => a.url)).toEqual(['/api/agents/desk/panes/p?wait=1', '/api/agents/desk/panes/p']);
  });
});
