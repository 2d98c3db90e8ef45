import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCollie, type Collie, type PaneHandle } from '../../agent/kit';
import { tempDir, type TempDir } from '../../agent/testing';
import { startBridge, type RunningBridge } from '../bridge';
import type { ChatJson } from '../../wire/bridge-json';
import { applyChatDelta, parseChatDelta } from '../../wire/chat-delta';
import { pairedCookie } from '../testing/paired';
import type { PHONE_LIMITS } from './phone-deps';

/** The phone's reading API over a real bridge and a real agent on a private socket. */
let dir: TempDir;
let collie: Collie;
let pane: PaneHandle;
let bridge: RunningBridge;
/** The test's paired phone, as its cookie carries it. */
let cookie: string;

async function setup(caps: Record<string, boolean>, phoneLimits: Partial<typeof PHONE_LIMITS> = {}) {
  const socket = join(dir.path, 'run', 'app.sock');
  collie = await openCollie({ socket, hostName: 'desk', caps, log: () => {} });
  pane = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Deploy' });
  pane.item({ id: 'i1', kind: 'reply', text: 'first' });
  collie.ready();
  bridge = await startBridge({
    sources: [{ name: 'desk', address: { kind: 'socket', path: socket } }],
    durable: true,
    stateDir: join(dir.path, 'state'),
    host: '127.0.0.1',
    port: 0,
    phoneLimits,
    log: () => {},
  });
  await bridge.agents.get('desk')!.poller.poll();
  cookie = await pairedCookie(bridge.devices);
}
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => {
  await bridge.close();
  await collie.close();
  await dir.cleanup();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${bridge.url}${path.slice(1)}`, { headers: { cookie, ...headers } });

/** A GET over plain node:http, so no header is added that the test did not name (fetch adds Accept-Encoding). */
const raw = (path: string, headers: Record<string, string>) =>
  new Promise<{ status: number; etag: string | undefined; encoding: string | undefined; body: Buffer }>((resolve, reject) => {
    request(new URL(path, bridge.url), { headers: { cookie, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });

/** The agent writes, and the bridge has read it. */
async function write(id: string, text: string) {
  pane.item({ id, kind: 'reply', text });
  await bridge.agents.get('desk')!.poller.poll();
}

describe('the phone API', () => {
  it('holds a read with the current ETag until the chat changes, then sends the new item', async () => {
    await setup({ asks: true });
    const first = await get('/api/agents/desk/panes/p');
    const etag = first.headers.get('etag')!;
    expect((await get('/api/agents/desk/panes/p', { 'if-none-match': etag })).status).toBe(304);
    const held = get('/api/agents/desk/panes/p?wait=1', { 'if-none-match': etag });
    pane.item({ id: 'i2', kind: 'reply', text: 'second' });
    void bridge.agents.get('desk')!.poller.poll();
    const changed = await held;
    expect(changed.status).toBe(200);
    const chat = await changed.json();
    expect(chat.entries.map((e: { item: { id: string } }) => e.item.id)).toEqual(['i1', 'i2']);
  });

  it('sends a live view compressed to a phone that accepts brotli, and plain JSON to a client that names no encoding', async () => {
    await setup({ asks: true });
    for (let i = 2; i <= 40; i += 1) pane.item({ id: `i${i}`, kind: 'reply', text: `line ${i} `.repeat(20) });
    await bridge.agents.get('desk')!.poller.poll();
    const plain = await raw('/api/agents/desk/panes/p', {});
    const squeezed = await raw('/api/agents/desk/panes/p', { 'accept-encoding': 'gzip, br' });
    expect([plain.encoding, squeezed.encoding]).toEqual([undefined, 'br']);
    expect(brotliDecompressSync(squeezed.body).toString('utf8')).toBe(plain.body.toString('utf8'));
    expect(JSON.parse(plain.body.toString('utf8')).entries).toHaveLength(40);
    expect(squeezed.body.length).toBeLessThan(plain.body.length / 4);
  });

  it('answers a held read with 404 when the pane closes meanwhile', async () => {
    await setup({ asks: true });
    const etag = (await get('/api/agents/desk/panes/p')).headers.get('etag')!;
    const held = get('/api/agents/desk/panes/p?wait=1', { 'if-none-match': etag });
    pane.close();
    void bridge.agents.get('desk')!.poller.poll();
    const reply = await held;
    expect([reply.status, (await reply.json()).code]).toEqual([404, 'no-such-pane']);
  });

  it('reads closed conversations and their items from the agent', async () => {
    await setup({ asks: true, history: true });
    const closedId = pane.conversationId;
    pane.close();
    const page = await (await get('/api/agents/desk/closed')).json();
    expect(page).toMatchObject({ conversations: [{ id: closedId, title: 'Deploy', closedAt: expect.any(String) }], next: null });
    const history = await (await get(`/api/agents/desk/conversations/${closedId}`)).json();
    expect(history).toMatchObject({ conversation: { id: closedId, title: 'Deploy' }, entries: [{ type: 'item', item: { id: 'i1', text: 'first' } }], next: null, trimmed: false });
    const unknown = await get('/api/agents/desk/conversations/c-nope');
    expect([unknown.status, (await unknown.json()).code]).toEqual([404, 'no-such-conversation']);
    const badCursor = await get('/api/agents/desk/closed?after=a%20b');
    expect([badCursor.status, (await badCursor.json()).code]).toEqual([400, 'bad-request']);
  });

  it('refuses what a page elsewhere in a browser could send: other hosts, other origins, writes that are not JSON', async () => {
    await setup({ asks: true });
    const { request } = await import('node:http');
    const call = (method: string, path: string, headers: Record<string, string>, body?: string) =>
      new Promise<{ status: number; code: string }>((resolve, reject) => {
        const req = request(`${bridge.url}${path.slice(1)}`, { method, headers }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, code: (JSON.parse(text) as { code: string }).code }));
        });
        req.on('error', reject);
        req.end(body);
      });
    expect(await call('GET', '/api/dashboard', { host: 'evil.example:8787' })).toEqual({ status: 403, code: 'unknown-host' });
    const body = JSON.stringify({ agent: 'desk', paneId: 'p', requestId: 'r-1', text: 'hi', turnId: null });
    expect(await call('POST', '/api/agents/desk/panes/p/send', { 'content-type': 'text/plain' }, body)).toEqual({ status: 415, code: 'unsupported-media-type' });
    expect(await call('POST', '/api/agents/desk/panes/p/send', { 'content-type': 'application/json', origin: 'https://evil.example' }, body)).toEqual({
      status: 403,
      code: 'cross-origin',
    });
    expect(await call('POST', '/api/agents/desk/panes/p/send', { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, body)).toEqual({
      status: 403,
      code: 'cross-origin',
    });
    expect((await get('/api/dashboard', { host: `localhost:${new URL(bridge.url).port}` })).status).toBe(200);
  });

  it('says there is no history for an agent without the cap, and no such agent for a stranger', async () => {
    await setup({ asks: true });
    const reply = await get('/api/agents/desk/closed');
    expect([reply.status, (await reply.json()).code]).toEqual([404, 'no-history']);
    const stranger = await get('/api/agents/nobody');
    expect([stranger.status, (await stranger.json()).code]).toEqual([404, 'no-such-agent']);
  });
});

describe('chat deltas', () => {
  const CHAT = '/api/agents/desk/panes/p';

  it('answers a held read that takes deltas with what changed, which applied to the held chat is the whole view, under its ETag', async () => {
    await setup({ asks: true });
    for (let i = 2; i <= 30; i += 1) await write(`i${i}`, `line ${i}`);
    const first = await get(CHAT);
    const etag = first.headers.get('etag')!;
    const heldChat = (await first.json()) as ChatJson;
    expect((await get(`${CHAT}?delta=1`, { 'if-none-match': etag })).status).toBe(304);
    const held = get(`${CHAT}?wait=1&delta=1`, { 'if-none-match': etag });
    pane.item({ id: 'i31', kind: 'reply', text: 'just written' });
    void bridge.agents.get('desk')!.poller.poll();
    const reply = await held;
    const body: unknown = await reply.json();
    const whole = await get(CHAT);
    expect(reply.headers.get('etag')).toBe(whole.headers.get('etag'));
    const delta = parseChatDelta(body)!;
    expect(delta.entries).toEqual([[0, 30], { type: 'item', item: expect.objectContaining({ id: 'i31' }) }]);
    expect(applyChatDelta(heldChat, etag, delta)).toEqual(await whole.json());
    expect((await get(`${CHAT}?delta=1`, { 'if-none-match': reply.headers.get('etag')! })).status).toBe(304);
  });

  it('sends a delta as plain JSON to a client that names no encoding, and compressed to one that accepts brotli', async () => {
    await setup({ asks: true });
    const etag = (await raw(CHAT, {})).etag!;
    await write('long', 'a long line that is worth compressing '.repeat(40));
    const plain = await raw(`${CHAT}?delta=1`, { 'if-none-match': etag });
    const squeezed = await raw(`${CHAT}?delta=1`, { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect([plain.status, plain.encoding, squeezed.encoding]).toEqual([200, undefined, 'br']);
    expect(JSON.parse(plain.body.toString('utf8')).delta.entries[0]).toEqual([0, 1]);
    expect(brotliDecompressSync(squeezed.body).toString('utf8')).toBe(plain.body.toString('utf8'));
  });

  it('sends the whole view for a version the bridge no longer has, and to a read that takes no deltas', async () => {
    await setup({ asks: true }, { chatVersions: 2 });
    const stale = (await get(CHAT)).headers.get('etag')!;
    for (const id of ['i2', 'i3']) {
      await write(id, id);
      expect((await get(CHAT)).status).toBe(200); // each version is rendered, and pushes older ones out
    }
    const whole = await (await get(`${CHAT}?delta=1`, { 'if-none-match': stale })).json();
    expect(whole).not.toHaveProperty('delta');
    expect(whole.entries.map((e: { item: { id: string } }) => e.item.id)).toEqual(['i1', 'i2', 'i3']);
    const recent = (await get(CHAT)).headers.get('etag')!;
    await write('i4', 'i4');
    expect(await (await get(`${CHAT}?delta=1`, { 'if-none-match': recent })).json()).toHaveProperty('delta');
    expect(await (await get(CHAT, { 'if-none-match': recent })).json()).not.toHaveProperty('delta');
  });
});

describe('a chat read of its newest entries (?tail=1)', () => {
  const CHAT = '/api/agents/desk/panes/p';
  const ids = (chat: ChatJson) => chat.entries.map((e) => (e.type === 'item' ? e.item.id : e.id));

  it('sends only the newest entries and how many it left out, under an ETag of its own; the whole view is unchanged', async () => {
    await setup({ asks: true }, { chatTail: 3 });
    for (let i = 2; i <= 5; i += 1) await write(`i${i}`, `line ${i}`);
    const tail = await get(`${CHAT}?tail=1`);
    const tailChat = (await tail.json()) as ChatJson;
    expect([ids(tailChat), tailChat.earlier]).toEqual([['i3', 'i4', 'i5'], 2]);
    const whole = await get(CHAT);
    const wholeChat = (await whole.json()) as ChatJson;
    expect([ids(wholeChat), wholeChat]).toEqual([['i1', 'i2', 'i3', 'i4', 'i5'], expect.not.objectContaining({ earlier: expect.anything() })]);
    expect(tail.headers.get('etag')).not.toBe(whole.headers.get('etag'));
    // The tail's ETag names nothing the whole view can answer 304 or a delta to.
    const crossed = await get(`${CHAT}?delta=1`, { 'if-none-match': tail.headers.get('etag')! });
    expect([crossed.status, ids((await crossed.json()) as ChatJson)]).toEqual([200, ['i1', 'i2', 'i3', 'i4', 'i5']]);
  });

  it('answers a held tail read with a delta that slides the tail, which applied to the held tail is the new tail', async () => {
    await setup({ asks: true }, { chatTail: 3 });
    for (let i = 2; i <= 5; i += 1) await write(`i${i}`, `line ${i}`);
    const first = await get(`${CHAT}?tail=1`);
    const etag = first.headers.get('etag')!;
    const heldChat = (await first.json()) as ChatJson;
    const held = get(`${CHAT}?tail=1&wait=1&delta=1`, { 'if-none-match': etag });
    pane.item({ id: 'i6', kind: 'reply', text: 'just written' });
    void bridge.agents.get('desk')!.poller.poll();
    const reply = await held;
    const delta = parseChatDelta(await reply.json())!;
    expect([delta.entries, delta.earlier]).toEqual([[[1, 2], { type: 'item', item: expect.objectContaining({ id: 'i6' }) }], 3]);
    const now = await get(`${CHAT}?tail=1`);
    expect(reply.headers.get('etag')).toBe(now.headers.get('etag'));
    expect(applyChatDelta(heldChat, etag, delta)).toEqual(await now.json());
  });

  it('says 0 left out of a chat no longer than the tail', async () => {
    await setup({ asks: true }, { chatTail: 3 });
    const chat = (await (await get(`${CHAT}?tail=1`)).json()) as ChatJson;
    expect([ids(chat), chat.earlier]).toEqual([['i1'], 0]);
  });
});
