import { createServer, type Server } from 'node:http';
import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCollie, type Collie } from '../../agent/kit';
import { tempDir, type TempDir } from '../../agent/testing';
import { AgentLink } from '../link/agent-link';
import { AgentStore } from './agent-store';
import { answerAsk } from '../acts/answer-ask';
import { Ledger } from '../receipts/ledger';
import { testWriteContext } from '../testing/write-context';

const ctx = () => testWriteContext(dir.path);
import { Poller } from './poller';

/** Integration: the real poller against real agents on real private sockets. */
let dir: TempDir;
let socket: string;
let collie: Collie | undefined;
let logs: string[];

beforeEach(async () => {
  dir = await tempDir();
  socket = join(dir.path, 'run', 'app.sock');
  logs = [];
});
afterEach(async () => {
  await collie?.close();
  collie = undefined;
  await dir.cleanup();
});

async function bridgeFor(path = socket) {
  const source = { name: 'hello', address: { kind: 'socket' as const, path } };
  const store = new AgentStore('hello', 'here');
  const link = new AgentLink(source);
  const poller = new Poller(store, link, (line) => logs.push(line));
  return { store, link, poller, ledger: await Ledger.open(dir.path, () => {}) };
}

async function helloAgent(): Promise<{ collie: Collie; answer: Promise<unknown> }> {
  collie = await openCollie({ socket, hostName: 'hello', caps: { asks: true }, log: () => {} });
  const pane = collie.workspace('hello', { title: 'Hello' }).tab('main', { title: 'Questions' }).pane('deploy', { title: 'Deploy' });
  pane.item({ id: 'note', kind: 'notice', text: 'Tests passed <b>on main</b>\u202e' });
  collie.ready();
  const answer = pane.ask({
    kind: 'choice',
    toolCallId: 'deploy-1',
    title: 'Deploy to staging?',
    multiple: false,
    options: [
      { id: 'yes', label: 'Yes' },
      { id: 'no', label: 'No' },
    ],
  });
  answer.catch(() => {});
  return { collie, answer };
}

describe('bridge ↔ agent over a real socket', () => {
  it('reads hello, snapshot and events into the store', async () => {
    await helloAgent();
    const { store, poller } = await bridgeFor();
    await poller.poll();
    expect(store.row()).toMatchObject({ name: 'hello', status: 'ok', open: 1, needsYou: 1, hostName: 'hello' });
    const chat = store.chatJson('deploy')!;
    expect(chat.entries).toEqual([{ type: 'item', item: expect.objectContaining({ id: 'note', text: 'Tests passed <b>on main</b>' }) }]);
    expect(chat.asks[0]).toMatchObject({ title: 'Deploy to staging?', revision: 1, hash: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });

  it('passes one answer to the agent under its own ask id', async () => {
    const { answer } = await helloAgent();
    const handle = await bridgeFor();
    await handle.poller.poll();
    const ask = handle.store.chatJson('deploy')!.asks[0]!;
    const request = { agent: 'hello', paneId: 'deploy', requestId: 'r-1', hash: ask.hash, answer: { optionIds: ['yes'] } };
    expect(await answerAsk(handle, ask.id, request, ctx())).toEqual({ outcome: 'taken' });
    expect(await answer).toEqual({ optionIds: ['yes'] });
    expect(await answerAsk(handle, ask.id, { ...request, requestId: 'r-2' }, ctx())).toEqual({ outcome: 'already-answered' });
  });

  it('sends nothing when the phone drew another version of the ask', async () => {
    await helloAgent();
    const handle = await bridgeFor();
    await handle.poller.poll();
    const ask = handle.store.chatJson('deploy')!.asks[0]!;
    const reply = await answerAsk(handle, ask.id, { agent: 'hello', paneId: 'deploy', requestId: 'r-1', hash: 'not-the-hash', answer: { optionIds: ['yes'] } }, ctx());
    expect(reply).toMatchObject({ outcome: 'stale', ask: { id: ask.id } });
    expect(collie!.state.panes.get('deploy')!.openAsks.size).toBe(1);
  });

  it('keeps the last state after one failure and shows unreachable after two', async () => {
    await helloAgent();
    const { store, poller } = await bridgeFor();
    await poller.poll();
    await collie!.close();
    collie = undefined;
    await poller.poll();
    expect(store.status).toBe('ok');
    await poller.poll();
    expect(store.row()).toMatchObject({ status: 'unreachable', reason: `no socket at ${socket}`, reasonCode: 'no-socket' });
  });

  it('takes the whole current view after the agent restarts with a new epoch', async () => {
    await helloAgent();
    const { store, poller } = await bridgeFor();
    await poller.poll();
    const firstEpoch = store.hello!.epoch;
    await collie!.close();
    collie = await openCollie({ socket, hostName: 'hello', caps: { asks: true }, log: () => {} });
    collie.workspace('hello', { title: 'Hello' }).tab('main', { title: 'Questions' }).pane('deploy', { title: 'Deploy' }).item({ id: 'fresh', kind: 'reply', text: 'back' });
    collie.ready();
    await poller.poll();
    await poller.poll();
    expect(store.hello!.epoch).not.toBe(firstEpoch);
    expect(store.chatJson('deploy')!.entries.map((e) => (e.type === 'item' ? e.item.id : e.id))).toEqual(['fresh']);
    expect(store.status).toBe('ok');
  });

  it('refuses a socket whose folder is not private, before connecting', async () => {
    await helloAgent();
    await chmod(join(dir.path, 'run'), 0o755);
    const { store, poller } = await bridgeFor();
    await poller.poll();
    expect(store.row()).toMatchObject({
      status: 'unreachable',
      reason: `socket-not-private: the socket's folder ${join(dir.path, 'run')} has mode 0755, not 0700`,
      reasonCode: 'address-refused',
    });
  });

  it('makes no further call to a listener that is not a durable agent', async () => {
    await mkdir(join(dir.path, 'run'), { mode: 0o700 });
    const paths: string[] = [];
    const server: Server = createServer((req, res) => {
      paths.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ service: 'something-else' }));
    });
    await new Promise<void>((r) => server.listen(socket, r));
    await chmod(socket, 0o600);
    try {
      const { store, poller } = await bridgeFor();
      await poller.poll();
      expect(store.status).toBe('unreachable');
      expect(paths).toEqual(['/session/v1/hello']);
    } finally {
      server.close();
    }
  });

  it('shows a version mismatch, logs it once and sends the telling hello once per epoch', async () => {
    await mkdir(join(dir.path, 'run'), { mode: 0o700 });
    const seen: (string | undefined)[] = [];
    const server: Server = createServer((req, res) => {
      seen.push(req.headers['x-collie-session'] as string | undefined);
      res.setHeader('content-type', 'application/json');
      res.statusCode = req.headers['x-collie-session'] ? 409 : 200;
      res.end(
        JSON.stringify({ service: 'collie-durable', protocol: { min: 2, max: 3 }, host: { name: 'future' }, epoch: 'dU4UTIK0IoJIbCBHmHs8IOAeTpnaFXlr', ready: true, caps: {} }),
      );
    });
    await new Promise<void>((r) => server.listen(socket, r));
    await chmod(socket, 0o600);
    try {
      const { store, poller } = await bridgeFor();
      await poller.poll();
      await poller.poll();
      const sentence = "The durable agent speaks wire v2..v3, this Collie speaks v1. Update Collie, or the agent's SDK.";
      expect(store.row()).toMatchObject({
        status: 'version-mismatch',
        reason: sentence,
        reasonCode: 'version-mismatch',
        versions: { agent: expect.any(Object), collie: { min: 1, max: 1 } },
      });
      expect(logs).toEqual([`[durable] ${sentence}`]);
      expect(seen).toEqual([undefined, '1', undefined]);
    } finally {
      server.close();
    }
  });
});
