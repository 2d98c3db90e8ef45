import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCollie, type Collie, type PaneHandle } from './kit';
import { rawCall, tempDir, wireCall, type TempDir } from './testing';

/** The rules WIRE.md spells out for the corners a builder asked about, held by the kit. */
const ALL = { asks: true, send: true, steer: true, abort: true, actions: true, rename: true, close: true, starters: true, reopen: true, history: true };

let dir: TempDir;
let collie: Collie;
let pane: PaneHandle;
let socket: string;
let n = 0;
const rid = () => `r-${++n}`;
const options = [
  { id: 'yes', label: 'Yes' },
  { id: 'no', label: 'No' },
];

beforeEach(async () => {
  dir = await tempDir();
  socket = join(dir.path, 'run', 'app.sock');
  collie = await openCollie({ socket, hostName: 'test', caps: ALL, log: () => {} });
  pane = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'P' });
  collie.handle({ send: ({ turn }) => new Promise<void>((resolve) => turn.signal.addEventListener('abort', () => resolve())) });
  collie.ready();
});
afterEach(async () => {
  await collie.close();
  await dir.cleanup();
});

const openAsk = async () => (await wireCall(socket, 'GET', '/snapshot')).json.workspaces[0].tabs[0].panes[0].asks[0];

describe('the version header', () => {
  it('refuses a version this agent does not speak on every route, and a header that names none', async () => {
    const other = await wireCall(socket, 'GET', '/snapshot', undefined, { 'x-collie-session': '7' });
    expect([other.status, other.json]).toMatchObject([409, { code: 'incompatible', agent: { min: 1, max: 1 }, collie: { min: 7, max: 7 } }]);
    for (const path of ['/snapshot', '/hello']) {
      const bad = await rawCall(socket, 'GET', `/session/v1${path}`, { headers: { 'x-collie-session': '1.0' } });
      expect([bad.status, bad.json.code]).toEqual([400, 'version-required']);
    }
  });
});

describe('304 Not Modified', () => {
  it('holds for *, and for a list that names the current tag, with the ETag on the 304', async () => {
    const etag = (await wireCall(socket, 'GET', '/snapshot')).headers.etag as string;
    for (const ifNoneMatch of ['*', `"elsewhere-1", W/${etag}`]) {
      const reply = await wireCall(socket, 'GET', '/snapshot', undefined, { 'if-none-match': ifNoneMatch });
      expect([reply.status, reply.text, reply.headers.etag]).toEqual([304, '', etag]);
    }
    expect((await wireCall(socket, 'GET', '/snapshot', undefined, { 'if-none-match': '"elsewhere-1"' })).status).toBe(200);
  });
});

describe('request ids', () => {
  it('replays a body written in another key order, and keeps the first status', async () => {
    const requestId = rid();
    const first = await wireCall(socket, 'POST', '/pane/p/send', { requestId, text: 'hi', turnId: 'not-the-turn', steer: false });
    expect([first.status, first.json.code]).toEqual([409, 'turn-moved']);
    const again = await wireCall(socket, 'POST', '/pane/p/send', { steer: false, turnId: 'not-the-turn', text: 'hi', requestId });
    expect([again.status, again.json]).toEqual([409, { ...first.json, replayed: true }]);
  });

  it('counts the route and its path ids as part of the payload', async () => {
    pane.belt([{ id: 'b', label: 'B' }]);
    const requestId = rid();
    expect((await wireCall(socket, 'POST', '/pane/p/action', { requestId, actionId: 'b', turnId: null })).status).toBe(200);
    const elsewhere = await wireCall(socket, 'POST', '/pane/p/abort', { requestId, actionId: 'b', turnId: null });
    expect([elsewhere.status, elsewhere.json.code]).toEqual([409, 'request-id-reused']);
  });

  it('forgets a 400, so the corrected request may use the id again', async () => {
    const requestId = rid();
    expect((await wireCall(socket, 'POST', '/pane/p/send', { requestId, text: '   ', turnId: null })).status).toBe(400);
    expect((await wireCall(socket, 'POST', '/pane/p/send', { requestId, text: 'fixed', turnId: null })).json.status).toBe('accepted');
    expect((await wireCall(socket, 'POST', '/pane/p/send', { text: 'no id', turnId: null })).json.code).toBe('bad-request');
  });
});

describe('the order of an answer’s checks', () => {
  it('judges the shape first, then the ask, then the revision, then the fit', async () => {
    void pane.ask({ kind: 'choice', toolCallId: 'tc', title: 'Go?', options }).catch(() => {});
    const ask = await openAsk();
    pane.reviseAsk('tc', { title: 'Go now?' });
    const post = (body: Record<string, unknown>) => wireCall(socket, 'POST', '/pane/p/answer', { requestId: rid(), ...body });
    // No shape: refused even for an ask nobody knows.
    expect((await post({ askId: 'unknown', revision: 1, answer: { choice: 'yes' } })).json.code).toBe('bad-request');
    expect((await post({ askId: ask.id, answer: { optionIds: ['yes'] } })).json.code).toBe('bad-request');
    expect((await post({ askId: 'unknown', revision: 1, answer: { optionIds: ['nope'] } })).json).toEqual({ outcome: 'too-late' });
    // An older or a newer revision is stale, before the (unfit) answer is judged.
    for (const revision of [1, 3]) expect((await post({ askId: ask.id, revision, answer: { optionIds: ['nope'] } })).json).toMatchObject({ code: 'stale', ask: { revision: 2 } });
    expect((await post({ askId: ask.id, revision: 2, answer: { optionIds: ['nope'] } })).json.code).toBe('bad-answer');
  });
});

describe('answers by kind', () => {
  const answer = async (body: unknown) => {
    const ask = await openAsk();
    return wireCall(socket, 'POST', '/pane/p/answer', { requestId: rid(), askId: ask.id, revision: ask.revision, answer: body });
  };

  it('writes out multiple: false for a choice that leaves it out, and takes exactly one option', async () => {
    void pane.ask({ kind: 'choice', toolCallId: 'tc', title: 'Go?', options }).catch(() => {});
    expect(await openAsk()).toMatchObject({ kind: 'choice', multiple: false });
    expect((await answer({ optionIds: ['yes', 'no'] })).json.code).toBe('bad-answer');
    expect((await answer({ optionIds: [] })).json.code).toBe('bad-answer');
    expect((await answer({ optionIds: ['no'] })).json).toEqual({ outcome: 'taken' });
  });

  it('takes an empty line of text, never a line break', async () => {
    const answered = pane.ask({ kind: 'text', toolCallId: 'tc', title: 'Name?' });
    for (const text of ['a\nb', 'a\rb']) expect((await answer({ text })).json.code).toBe('bad-answer');
    expect((await answer({ text: '' })).json).toEqual({ outcome: 'taken' });
    expect(await answered).toEqual({ text: '' });
  });

  it('takes a toggle false and a choice field as a list, not a string', async () => {
    const fields = [
      { id: 'on', label: 'On', type: 'toggle' as const, required: true },
      { id: 'env', label: 'Env', type: 'choice' as const, options: [{ id: 'prod', label: 'Prod' }] },
    ];
    const answered = pane.ask({ kind: 'form', toolCallId: 'tc', title: 'Settings', fields });
    expect(await openAsk()).toMatchObject({ fields: [{ required: true }, { required: false, multiple: false }] });
    expect((await answer({ values: { on: false, env: 'prod' } })).json.code).toBe('bad-answer');
    expect((await answer({ values: { on: false, env: ['prod'] } })).json).toEqual({ outcome: 'taken' });
    expect((await answered).values).toEqual({ on: false, env: ['prod'] });
  });
});

describe('send and rename fields', () => {
  it('refuses a steer that is not a boolean, and names the running turn in a queued reply', async () => {
    expect((await wireCall(socket, 'POST', '/pane/p/send', { requestId: rid(), text: 'x', turnId: null, steer: 'yes' })).json.code).toBe('bad-request');
    const started = (await wireCall(socket, 'POST', '/pane/p/send', { requestId: rid(), text: 'first', turnId: null })).json;
    const queued = await wireCall(socket, 'POST', '/pane/p/send', { requestId: rid(), text: 'second', turnId: started.turnId });
    expect(queued.json).toEqual({ status: 'queued', turnId: started.turnId });
  });

  it('starts a text queued behind a turn of the agent’s own once that turn ends', async () => {
    const own = pane.startTurn();
    const ran = new Promise<string>((resolve) => collie.handle({ send: ({ text }) => resolve(text) }));
    const queued = await wireCall(socket, 'POST', '/pane/p/send', { requestId: rid(), text: 'after you', turnId: own.id });
    expect(queued.json).toEqual({ status: 'queued', turnId: own.id });
    own.end();
    expect(await ran).toBe('after you');
  });

  it('refuses a title over 256 bytes instead of cutting it', async () => {
    const reply = await wireCall(socket, 'POST', '/rename', { requestId: rid(), target: 'pane', id: 'p', title: 'é'.repeat(129) });
    expect([reply.status, reply.json.code]).toEqual([400, 'bad-request']);
    expect((await wireCall(socket, 'POST', '/rename', { requestId: rid(), target: 'pane', id: 'p', title: ` ${'e'.repeat(256)} ` })).status).toBe(200);
  });
});
