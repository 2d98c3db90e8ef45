import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { join } from 'node:path';
import { openCollie, type Collie, type PaneHandle } from './kit';
import { rawCall, tempDir, wireCall, type TempDir } from './testing';
import type { Answer } from '../wire/types';

let dir: TempDir;
let collie: Collie;
let pane: PaneHandle;
let socket: string;

beforeEach(async () => {
  dir = await tempDir();
  socket = join(dir.path, 'agent', 'app.sock');
  collie = await openCollie({ socket, hostName: 'test', caps: { asks: true }, log: () => {} });
  pane = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'P' });
});
afterEach(async () => {
  await collie.close();
  await dir.cleanup();
});

const choice = (toolCallId = 'tc-1') => ({
  kind: 'choice' as const,
  toolCallId,
  title: 'Deploy?',
  multiple: false,
  options: [
    { id: 'yes', label: 'Yes' },
    { id: 'no', label: 'No' },
  ],
});

/** Raw HTTP/1.1 on one connection: what WIRE.md §1 says about bodies, not what a client library smooths over. */
function onOneConnection(bytes: string, until: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = connect(socket);
    let got = '';
    connection.on('data', (chunk: Buffer) => {
      got += chunk.toString('utf8');
      if (until.test(got)) {
        connection.destroy();
        resolve(got);
      }
    });
    connection.on('error', reject);
    connection.on('close', () => reject(new Error(`closed after: ${got}`)));
    connection.write(bytes);
  });
}

describe('HTTP as WIRE.md §1 states it', () => {
  beforeEach(() => collie.ready());

  it('keeps the connection in step after a 413 whose body it did not read: the next request is answered', async () => {
    const body = 'x'.repeat(70000);
    const got = await onOneConnection(
      `POST /session/v1/rename HTTP/1.1\r\nHost: a\r\nX-Collie-Session: 1\r\nContent-Length: ${body.length}\r\n\r\n${body}` + 'GET /session/v1/hello HTTP/1.1\r\nHost: a\r\n\r\n',
      /"service":"collie-durable"/,
    );
    expect(got).toMatch(/^HTTP\/1\.1 413 [^]*\{"code":"too-large"\}HTTP\/1\.1 200 /);
  });

  it('reads a chunked body, and an empty one as {}', async () => {
    const json = '{"requestId":"r-1"}';
    const chunked = await onOneConnection(
      `POST /session/v1/nowhere HTTP/1.1\r\nHost: a\r\nX-Collie-Session: 1\r\nTransfer-Encoding: chunked\r\n\r\n${json.length.toString(16)}\r\n${json}\r\n0\r\n\r\n`,
      /\{"code":"[a-z-]+"/,
    );
    expect(chunked).toContain('{"code":"not-found"}');
    const notJson = await onOneConnection(
      `POST /session/v1/nowhere HTTP/1.1\r\nHost: a\r\nX-Collie-Session: 1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nnot\r\n0\r\n\r\n`,
      /\{"code":"[a-z-]+"/,
    );
    expect(notJson).toContain('{"code":"bad-request"');
    const empty = await onOneConnection('POST /session/v1/nowhere HTTP/1.1\r\nHost: a\r\nX-Collie-Session: 1\r\nContent-Length: 0\r\n\r\n', /\{"code":"[a-z-]+"/);
    expect(empty).toContain('{"code":"not-found"}');
  });
});

describe('the wire server', () => {
  it('answers hello without the version header, and nothing else without it', async () => {
    const hello = await rawCall(socket, 'GET', '/session/v1/hello');
    expect(hello.status).toBe(200);
    expect(hello.json).toMatchObject({ service: 'collie-durable', protocol: { min: 1, max: 1 }, ready: false, caps: { asks: true, send: false } });
    expect(hello.json.epoch).toMatch(/^[A-Za-z0-9_-]{22,128}$/);
    expect((await rawCall(socket, 'GET', '/session/v1/snapshot')).json).toEqual({ code: 'version-required' });
  });

  it('answers 503 starting until ready, then serves', async () => {
    expect((await wireCall(socket, 'GET', '/snapshot')).status).toBe(503);
    collie.ready();
    expect((await wireCall(socket, 'GET', '/snapshot')).status).toBe(200);
  });

  it('answers the telling hello with 409 incompatible naming both ranges', async () => {
    const reply = await rawCall(socket, 'GET', '/session/v1/hello', { headers: { 'x-collie-session': '2' } });
    expect(reply.status).toBe(409);
    expect(reply.json).toMatchObject({ code: 'incompatible', agent: { min: 1, max: 1 }, collie: { min: 2, max: 2 } });
    expect(reply.json.refusal).toContain('v2');
  });

  it('keeps the socket private: folder 0700, socket 0600', async () => {
    const { stat } = await import('node:fs/promises');
    expect((await stat(join(dir.path, 'agent'))).mode & 0o777).toBe(0o700);
    expect((await stat(socket)).mode & 0o777).toBe(0o600);
  });

  describe('when ready', () => {
    beforeEach(() => collie.ready());

    it('gives the snapshot an ETag and answers 304 to it, weak or strong', async () => {
      const first = await wireCall(socket, 'GET', '/snapshot');
      const etag = first.headers.etag as string;
      expect(etag).toBe(`"${first.json.epoch}-${first.json.rev}"`);
      expect((await wireCall(socket, 'GET', '/snapshot', undefined, { 'if-none-match': etag })).status).toBe(304);
      expect((await wireCall(socket, 'GET', '/snapshot', undefined, { 'if-none-match': `W/${etag}` })).status).toBe(304);
      pane.item({ id: 'i1', kind: 'reply', text: 'hi' });
      const after = await wireCall(socket, 'GET', '/snapshot', undefined, { 'if-none-match': etag });
      expect(after.status).toBe(200);
      expect(after.json.rev).toBeGreaterThan(first.json.rev);
    });

    it('serves events after a cursor, and the current view to a reader of another epoch', async () => {
      pane.item({ id: 'i1', kind: 'reply', text: 'one' });
      pane.item({ id: 'i2', kind: 'reply', text: 'two' });
      const { epoch } = (await wireCall(socket, 'GET', '/snapshot')).json;
      const events = await wireCall(socket, 'GET', `/pane/p/events?after=1&epoch=${epoch}`);
      expect(events.json).toMatchObject({ view: false, cursor: 2, events: [{ seq: 2, type: 'item', item: { id: 'i2' } }] });
      const view = await wireCall(socket, 'GET', '/pane/p/events?after=1&epoch=old-epoch-0000000000000');
      expect(view.json).toMatchObject({ view: true, cursor: 2, trimmed: false });
      expect(view.json.items.map((i: { id: string }) => i.id)).toEqual(['i1', 'i2']);
    });

    it('takes an answer once, replays a repeat, refuses a reused id and a late tap', async () => {
      const answered = pane.ask(choice());
      const { asks } = (await wireCall(socket, 'GET', '/snapshot')).json.workspaces[0].tabs[0].panes[0];
      const ask = asks[0];
      const body = { requestId: 'r-1', askId: ask.id, revision: 1, answer: { optionIds: ['yes'] } };
      expect((await wireCall(socket, 'POST', '/pane/p/answer', body)).json).toEqual({ outcome: 'taken' });
      expect(await answered).toEqual<Answer>({ optionIds: ['yes'] });
      expect((await wireCall(socket, 'POST', '/pane/p/answer', body)).json).toEqual({ outcome: 'taken', replayed: true });
      const reused = await wireCall(socket, 'POST', '/pane/p/answer', { ...body, answer: { optionIds: ['no'] } });
      expect([reused.status, reused.json.code]).toEqual([409, 'request-id-reused']);
      const late = await wireCall(socket, 'POST', '/pane/p/answer', { ...body, requestId: 'r-2' });
      expect([late.status, late.json]).toEqual([409, { code: 'decided', decidedBy: 'phone', outcome: { optionIds: ['yes'] } }]);
      const unknown = await wireCall(socket, 'POST', '/pane/p/answer', { ...body, requestId: 'r-3', askId: 'nope' });
      expect(unknown.json).toEqual({ outcome: 'too-late' });
    });

    it('refuses an answer that does not fit, and an older revision', async () => {
      void pane.ask(choice()).catch(() => {});
      const { asks } = (await wireCall(socket, 'GET', '/snapshot')).json.workspaces[0].tabs[0].panes[0];
      const bad = await wireCall(socket, 'POST', '/pane/p/answer', { requestId: 'r-1', askId: asks[0].id, revision: 1, answer: { optionIds: ['maybe'] } });
      expect([bad.status, bad.json.code]).toEqual([400, 'bad-answer']);
      const stale = await wireCall(socket, 'POST', '/pane/p/answer', { requestId: 'r-2', askId: asks[0].id, revision: 7, answer: { optionIds: ['yes'] } });
      expect([stale.status, stale.json.code, stale.json.ask.id]).toEqual([409, 'stale', asks[0].id]);
    });

    it('gives the same ask id for the same pane and tool call', async () => {
      void pane.ask(choice('deploy-1')).catch(() => {});
      const { asks } = (await wireCall(socket, 'GET', '/snapshot')).json.workspaces[0].tabs[0].panes[0];
      const { askIdFor } = await import('./ask-id');
      expect(asks[0].id).toBe(askIdFor('p', 'deploy-1'));
      expect(asks[0].id).toMatch(/^[0-9a-f]{32}$/);
    });

    it('decides an expired ask by timeout', async () => {
      const outcome = pane.ask({ ...choice(), expiresInSeconds: 0.05 }).catch((err: { decidedBy: string }) => err.decidedBy);
      expect(await outcome).toBe('timeout');
      const { epoch } = (await wireCall(socket, 'GET', '/snapshot')).json;
      const events = await wireCall(socket, 'GET', `/pane/p/events?after=0&epoch=${epoch}`);
      expect(events.json.events.at(-1)).toMatchObject({ type: 'ask-closed', decidedBy: 'timeout', outcome: null });
    });

    it('reads an empty POST body as {}, refuses non-JSON, over-size bodies and unknown paths', async () => {
      const empty = await rawCall(socket, 'POST', '/session/v1/pane/p/answer', { headers: { 'x-collie-session': '1' } });
      expect([empty.status, empty.json.code]).toEqual([400, 'bad-request']);
      const notJson = await rawCall(socket, 'POST', '/session/v1/pane/p/answer', { headers: { 'x-collie-session': '1' }, body: '[1]' });
      expect(notJson.json.code).toBe('bad-request');
      const big = await rawCall(socket, 'POST', '/session/v1/pane/p/answer', { headers: { 'x-collie-session': '1' }, body: 'x'.repeat(70 * 1024) });
      expect([big.status, big.json.code]).toEqual([413, 'too-large']);
      expect((await wireCall(socket, 'GET', '/nowhere')).json).toEqual({ code: 'not-found' });
      expect((await wireCall(socket, 'GET', '/pane/ghost/events?after=0')).json).toEqual({ code: 'no-such-pane' });
    });
  });
});
