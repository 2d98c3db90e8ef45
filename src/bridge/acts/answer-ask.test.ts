import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCollie, type Collie, type PaneHandle } from '../../agent/kit';
import { tempDir, type TempDir } from '../../agent/testing';
import { AgentLink } from '../link/agent-link';
import { AgentStore } from '../poll/agent-store';
import type { AgentHandle } from '../agent-handle';
import { answerAsk, parseAskRequest } from './answer-ask';
import { HttpError } from '../http/http-error';
import { Ledger } from '../receipts/ledger';
import { testWriteContext } from '../testing/write-context';

const ctx = () => testWriteContext(dir.path);
import { Poller } from '../poll/poller';
import { TransportError } from '../link/transport';

/** Answers through the bridge to a real agent on a real socket, with the link watched or broken on purpose. */
let dir: TempDir;
let collie: Collie;
let pane: PaneHandle;
let socket: string;
let posts: unknown[];
/** What the link does on the next POST: pass it, or let the agent apply it and lose the reply. */
let nextPost: 'pass' | 'apply-then-drop' | 'lose-before' = 'pass';
let onPost: () => Promise<void> = async () => {};

class WatchedLink extends AgentLink {
  override async call(...args: Parameters<AgentLink['call']>) {
    if (args[2] !== 'POST') return super.call(...args);
    posts.push(args[4]?.body);
    await onPost();
    const mode = nextPost;
    nextPost = 'pass';
    if (mode === 'lose-before') throw new TransportError('timeout', 'no reply within 3000 ms');
    const res = await super.call(...args);
    if (mode === 'apply-then-drop') throw new TransportError('connection-lost', 'the connection was lost');
    return res;
  }
}

async function handleFor(): Promise<AgentHandle> {
  const source = { name: 'desk', address: { kind: 'socket' as const, path: socket } };
  const store = new AgentStore('desk', 'here');
  const link = new WatchedLink(source);
  const handle = { store, link, poller: new Poller(store, link, () => {}), ledger: await Ledger.open(dir.path, () => {}) };
  await handle.poller.poll();
  return handle;
}

beforeEach(async () => {
  dir = await tempDir();
  socket = join(dir.path, 'run', 'app.sock');
  posts = [];
  nextPost = 'pass';
  onPost = async () => {};
  collie = await openCollie({ socket, hostName: 'desk', caps: { asks: true }, log: () => {} });
  pane = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'P' });
  collie.ready();
});
afterEach(async () => {
  await collie.close();
  await dir.cleanup();
});

const permission = () =>
  pane.ask({
    kind: 'permission',
    toolCallId: 'rm',
    title: 'Run',
    tool: { name: 'bash', input: { command: 'rm -rf build/' } },
    options: [
      { id: 'allow', label: 'Allow', effect: 'allow' },
      { id: 'always', label: 'Allow always', effect: 'allow-always' },
      { id: 'deny', label: 'Deny', effect: 'deny' },
    ],
  });
const choice = () =>
  pane.ask({
    kind: 'choice',
    toolCallId: 'q',
    title: 'Ship?',
    multiple: false,
    options: [
      { id: 'y', label: 'Yes' },
      { id: 'n', label: 'No' },
    ],
  });

async function tap(handle: AgentHandle, answer: object, extra: { requestId?: string; secondTap?: boolean; hash?: string; ask?: { id: string; hash: string } } = {}) {
  const ask = extra.ask ?? handle.store.chatJson('p')!.asks[0]!;
  return answerAsk(
    handle,
    ask.id,
    { agent: 'desk', paneId: 'p', requestId: extra.requestId ?? 'r-1', hash: extra.hash ?? ask.hash, answer: answer as never, secondTap: extra.secondTap ?? false },
    ctx(),
  );
}

describe('answering through the bridge', () => {
  it('a press on a notification is the card’s answer, and its audit line says where it came from (never masked)', async () => {
    void choice().catch(() => {});
    const handle = await handleFor();
    const ask = handle.store.chatJson('p')!.asks[0]!;
    const request = parseAskRequest({ agent: 'desk', paneId: 'p' }, { requestId: 'r-n', hash: ask.hash, answer: { optionIds: ['y'] }, secondTap: false, via: 'notification' });
    expect(request.via).toBe('notification');
    expect(parseAskRequest({ agent: 'desk', paneId: 'p' }, { requestId: 'r-c', hash: ask.hash, answer: { optionIds: ['y'] }, via: 'elsewhere' }).via).toBeUndefined();
    expect(await answerAsk(handle, ask.id, request, testWriteContext(dir.path, true))).toEqual({ outcome: 'taken' });
    const [line] = (await readFile(join(dir.path, 'audit.log'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(line).toMatchObject({ event: 'answer', requestId: 'r-n', result: 'taken', via: 'notification', optionIds: ['y'] });
  });

  it('never passes an allow-always answer without the second tap', async () => {
    void permission().catch(() => {});
    const handle = await handleFor();
    const refused = await tap(handle, { optionIds: ['always'] }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).code).toBe('second-tap-required');
    expect(posts).toEqual([]);
    expect(collie.state.panes.get('p')!.openAsks.size).toBe(1);
    expect(await tap(handle, { optionIds: ['always'] }, { requestId: 'r-2', secondTap: true })).toEqual({ outcome: 'taken' });
  });

  it('refuses allow-always, second tap or not, where the card may not offer it (cleaned tool input)', async () => {
    void pane
      .ask({
        kind: 'permission',
        toolCallId: 'rm2',
        title: 'Run',
        tool: { name: 'bash', input: { command: 'rm -rf /\u202etmp' } },
        options: [
          { id: 'always', label: 'Allow always', effect: 'allow-always' },
          { id: 'deny', label: 'Deny', effect: 'deny' },
        ],
      })
      .catch(() => {});
    const handle = await handleFor();
    const refused = await tap(handle, { optionIds: ['always'] }, { secondTap: true }).catch((err: HttpError) => err.code);
    expect(refused).toBe('allow-always-not-offered');
    expect(posts).toEqual([]);
  });

  it('writes its receipt to disk before the agent hears anything, and keeps no typed text', async () => {
    const answered = pane.ask({ kind: 'text', toolCallId: 'name', title: 'Name?' });
    const handle = await handleFor();
    let onDisk = '';
    onPost = async () => {
      onDisk = await readFile(join(dir.path, 'receipts.jsonl'), 'utf8');
    };
    expect(await tap(handle, { text: 'my secret server name' })).toEqual({ outcome: 'taken' });
    expect(await answered).toEqual({ text: 'my secret server name' });
    expect(JSON.parse(onDisk.trim().split('\n').at(-1)!)).toMatchObject({
      requestId: 'r-1',
      act: 'answer',
      channel: 'program',
      status: 'sending',
      attempts: 1,
      details: { answerKind: 'text' },
    });
    const all = await readFile(join(dir.path, 'receipts.jsonl'), 'utf8');
    expect(all).not.toContain('secret');
    expect(JSON.parse(all.trim().split('\n').at(-1)!)).toMatchObject({ status: 'taken', target: { paneId: 'p', revision: 1, hash: expect.any(String) } });
  });

  it('says unknown when the reply is lost, and Try again gets the agent’s replay: applied once', async () => {
    let applied = 0;
    void choice().then(
      () => (applied += 1),
      () => {},
    );
    const handle = await handleFor();
    nextPost = 'apply-then-drop';
    expect(await tap(handle, { optionIds: ['y'] })).toEqual({ outcome: 'unknown' });
    expect(await tap(handle, { optionIds: ['y'] })).toEqual({ outcome: 'taken' });
    expect(posts).toHaveLength(2);
    expect(applied).toBe(1);
  });

  it('says maybe-applied when a retry finds the ask closed, and never sends a third time', async () => {
    void choice().catch(() => {});
    const handle = await handleFor();
    nextPost = 'lose-before';
    expect(await tap(handle, { optionIds: ['y'] })).toEqual({ outcome: 'unknown' });
    // The card as the phone drew it: the taps after this one repeat it, whatever the bridge has read since.
    const drawn = handle.store.chatJson('p')!.asks[0]!;
    pane.decide('q');
    expect(await tap(handle, { optionIds: ['y'] }, { ask: drawn })).toEqual({ outcome: 'maybe-applied' });
    expect(await tap(handle, { optionIds: ['y'] }, { ask: drawn })).toEqual({ outcome: 'maybe-applied' });
    expect(posts).toHaveLength(2);
  });

  it('sends nothing for an ask that changed since the phone drew it, and shows the new one', async () => {
    void choice().catch(() => {});
    const handle = await handleFor();
    const drawn = handle.store.chatJson('p')!.asks[0]!;
    pane.reviseAsk('q', { title: 'Ship to production?' });
    const reply = await tap(handle, { optionIds: ['y'] }, { hash: drawn.hash });
    expect(reply).toMatchObject({ outcome: 'stale', ask: { revision: 2, title: 'Ship to production?' } });
    expect(posts).toEqual([]);
  });

  it('refuses a request id reused for another answer', async () => {
    void choice().catch(() => {});
    const handle = await handleFor();
    nextPost = 'lose-before';
    await tap(handle, { optionIds: ['y'] });
    const reused = await tap(handle, { optionIds: ['n'] }).catch((err: HttpError) => err.code);
    expect(reused).toBe('request-id-reused');
  });

  it('after a bridge restart between receipt and reply, a retry still lands once', async () => {
    let applied = 0;
    void choice().then(
      () => (applied += 1),
      () => {},
    );
    const first = await handleFor();
    nextPost = 'lose-before'; // the bridge went down before the agent answered
    expect(await tap(first, { optionIds: ['y'] })).toEqual({ outcome: 'unknown' });
    const restarted = await handleFor(); // a new bridge reads the receipts from disk
    expect(await tap(restarted, { optionIds: ['y'] })).toEqual({ outcome: 'taken' });
    expect(applied).toBe(1);
  });

  it('answers a repeat of a finished request from the receipt, sending nothing', async () => {
    void choice().catch(() => {});
    const handle = await handleFor();
    const ask = handle.store.chatJson('p')!.asks[0]!;
    const request = { agent: 'desk', paneId: 'p', requestId: 'r-1', hash: ask.hash, answer: { optionIds: ['y'] } };
    expect(await answerAsk(handle, ask.id, request, ctx())).toEqual({ outcome: 'taken' });
    expect(await answerAsk(handle, ask.id, request, ctx())).toEqual({ outcome: 'taken' });
    expect(posts).toHaveLength(1);
    const reused = await answerAsk(handle, 'another-ask', request, ctx()).catch((e: HttpError) => e.code);
    expect(reused).toBe('request-id-reused');
  });
});
