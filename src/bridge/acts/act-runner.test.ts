import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openCollie, type Collie, type PaneHandle, type SendContext } from '../../agent/kit';
import { tempDir, type TempDir } from '../../agent/testing';
import type { ActRequest } from '../../wire/write-json';
import { parseActRequest } from './act-requests';
import { actSpec } from './act-specs';
import { AgentLink } from '../link/agent-link';
import { AgentStore } from '../poll/agent-store';
import type { AgentHandle } from '../agent-handle';
import { answerAsk } from './answer-ask';
import { runAct, type WriteContext } from './act-runner';
import { conversationKey } from './conversation-lock';
import { Ledger } from '../receipts/ledger';
import { Poller } from '../poll/poller';
import { sendRows } from './send-rows';
import { testWriteContext } from '../testing/write-context';
import { TransportError } from '../link/transport';

/** Acts through the bridge to a real agent on a real socket (every cap declared). */
const ALL = { asks: true, send: true, steer: true, abort: true, actions: true, rename: true, close: true, starters: true, reopen: true, history: true };
let dir: TempDir;
let collie: Collie;
let pane: PaneHandle;
let handle: AgentHandle;
let ctx: WriteContext;
let turns: SendContext[];
let posts: string[];
let gate: Promise<void> | null;
/** Told when a POST reaches the closed gate (and waits there). */
let atGate: (() => void) | null;
let loseNextReply = false;
/** The next POST finds no one listening: refused before a byte leaves. */
let refuseNext = 0;
let n = 0;

class WatchedLink extends AgentLink {
  override async call(...args: Parameters<AgentLink['call']>) {
    if (args[2] !== 'POST') return super.call(...args);
    if (refuseNext > 0) {
      refuseNext -= 1;
      throw new TransportError('connection-refused', 'connection refused');
    }
    posts.push(args[3]);
    if (gate) {
      atGate?.();
      await gate;
    }
    const res = await super.call(...args);
    if (loseNextReply) {
      loseNextReply = false;
      throw new TransportError('connection-lost', 'the connection was lost');
    }
    return res;
  }
}

beforeEach(async () => {
  dir = await tempDir();
  const socket = join(dir.path, 'run', 'app.sock');
  turns = [];
  posts = [];
  gate = null;
  atGate = null;
  collie = await openCollie({ socket, hostName: 'desk', caps: ALL, log: () => {} });
  pane = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Deploy' });
  pane.belt([{ id: 'retry', label: 'Retry' }]);
  collie.handle({ send: (turn) => new Promise<void>((resolve) => (turns.push(turn), turn.turn.signal.addEventListener('abort', () => resolve()))) });
  collie.starter({ id: 'new', label: 'New chat' }, () => collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('chat-2', { title: 'Chat 2' }));
  collie.ready();
  const store = new AgentStore('desk', 'here');
  const link = new WatchedLink({ name: 'desk', address: { kind: 'socket', path: socket } });
  handle = { store, link, poller: new Poller(store, link, () => {}), ledger: await Ledger.open(dir.path, () => {}) };
  ctx = testWriteContext(dir.path);
  await handle.poller.poll();
});
afterEach(async () => {
  refuseNext = 0;
  await collie.close();
  await dir.cleanup();
});

const rid = () => `r-${++n}`;
const turnSeen = () => handle.store.chatJson('p')!.pane.turn?.id ?? null;
function act(body: Record<string, unknown>, act: ActRequest['act'], path: { paneId?: string; starterId?: string } = { paneId: 'p' }) {
  const request = parseActRequest(act, { agent: 'desk', ...path }, { requestId: rid(), agent: 'desk', ...body });
  return runAct(handle, ctx, actSpec(handle, request));
}
const audit = async () =>
  (await readFile(join(dir.path, 'audit.log'), 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('send, steer and stop through the bridge', () => {
  it('a send starts a turn and becomes effective once the agent writes its user item', async () => {
    const reply = await act({ paneId: 'p', text: 'deploy it', turnId: null }, 'send');
    expect(reply).toEqual({ outcome: 'sent' });
    expect(turns.map((t) => t.text)).toEqual(['deploy it']);
    await handle.poller.poll();
    expect(sendRows(handle.ledger, handle.store, 'p')).toEqual([expect.objectContaining({ status: 'effective', steer: false })]);
  });

  it('a send during the turn the phone saw is queued; one naming an old turn is refused', async () => {
    await act({ paneId: 'p', text: 'one', turnId: null }, 'send');
    await handle.poller.poll();
    expect(await act({ paneId: 'p', text: 'two', turnId: turnSeen() }, 'send')).toEqual({ outcome: 'queued' });
    expect(await act({ paneId: 'p', text: 'three', turnId: null }, 'send')).toMatchObject({ outcome: 'refused', reason: 'turn-moved' });
  });

  it('a plain send is refused while an ask is open, naming it, and nothing reaches the agent', async () => {
    void pane.ask({ kind: 'text', toolCallId: 'q', title: 'Name?' }).catch(() => {});
    await handle.poller.poll();
    const askId = handle.store.chatJson('p')!.asks[0]!.id;
    expect(await act({ paneId: 'p', text: 'hi', turnId: null }, 'send')).toEqual({ outcome: 'refused', reason: 'ask-open', askId });
    expect(posts).toEqual([]);
  });

  it('a steer reaches the running turn; with no turn it is refused', async () => {
    expect(await act({ text: 'faster', turnId: null }, 'steer')).toEqual({ outcome: 'refused', reason: 'no-turn' });
    await act({ paneId: 'p', text: 'go', turnId: null }, 'send');
    await handle.poller.poll();
    const heard: string[] = [];
    turns[0]!.turn.onSteer((t) => heard.push(t));
    expect(await act({ text: 'faster', turnId: turnSeen() }, 'steer')).toEqual({ outcome: 'steered' });
    expect(heard).toEqual(['faster']);
  });

  it('stop ends the turn and its open asks are decided in the agent', async () => {
    await act({ paneId: 'p', text: 'go', turnId: null }, 'send');
    const asked = pane.ask({ kind: 'text', toolCallId: 'q', title: 'Sure?' }).catch((e: { decidedBy: string }) => e.decidedBy);
    await handle.poller.poll();
    expect(await act({ turnId: turnSeen() }, 'stop')).toEqual({ outcome: 'stopped' });
    expect(await asked).toBe('program');
  });

  it('a stuck send never blocks Stop', async () => {
    await act({ paneId: 'p', text: 'go', turnId: null }, 'send');
    await handle.poller.poll();
    ctx.locks.tryAcquire(conversationKey('desk', 'p')); // a send that never finishes holds the lock
    expect(await act({ turnId: turnSeen() }, 'stop')).toEqual({ outcome: 'stopped' });
  });

  it('two sends at once to one conversation: one goes through, one is busy; an answer is busy too', async () => {
    void pane.ask({ kind: 'text', toolCallId: 'q', title: 'Name?' }).catch(() => {});
    await handle.poller.poll();
    const ask = handle.store.chatJson('p')!.asks[0]!;
    pane.decide('q');
    await handle.poller.poll();
    let open = () => {};
    gate = new Promise<void>((r) => (open = r));
    const held = new Promise<void>((r) => (atGate = r));
    const first = act({ paneId: 'p', text: 'one', turnId: null }, 'send');
    await held; // the first send holds the conversation's lock from here
    const second = await act({ paneId: 'p', text: 'two', turnId: null }, 'send');
    const answer = await answerAsk(handle, ask.id, { agent: 'desk', paneId: 'p', requestId: rid(), hash: ask.hash, answer: { text: 'x' } }, ctx);
    open();
    expect([await first, second, answer]).toEqual([{ outcome: 'sent' }, { outcome: 'refused', reason: 'busy' }, { outcome: 'busy' }]);
    expect(turns).toHaveLength(1);
  });

  it('a send whose reply is lost is unknown and is never sent again by the bridge', async () => {
    // Fake timers from before the send: a resend the bridge scheduled for later would run below.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      loseNextReply = true;
      expect(await act({ paneId: 'p', text: 'once', turnId: null }, 'send')).toEqual({ outcome: 'unknown' });
      await handle.poller.poll(); // the read the lost reply started, then one more: the agent's state is known
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      await handle.poller.poll();
    } finally {
      vi.useRealTimers();
    }
    expect(handle.store.chatJson('p')!.pane.turn?.state).toBe('running'); // it did land, once
    expect(posts).toHaveLength(1);
    expect(turns).toHaveLength(1);
  });
});

describe('a write the bridge could not deliver', () => {
  it('is not sent, and Try again once the agent is back is a first try: taken, never maybe applied', async () => {
    void pane.ask({ kind: 'choice', toolCallId: 'q', title: 'Deploy?', options: [{ id: 'y', label: 'Yes' }] }).catch(() => {});
    await handle.poller.poll();
    const ask = handle.store.chatJson('p')!.asks[0]!;
    const request = { agent: 'desk', paneId: 'p', requestId: rid(), hash: ask.hash, answer: { optionIds: ['y'] } };
    refuseNext = 2; // the agent is down for the first tap and its first Try again
    expect(await answerAsk(handle, ask.id, request, ctx)).toEqual({ outcome: 'not-sent' });
    expect(await answerAsk(handle, ask.id, request, ctx)).toEqual({ outcome: 'not-sent' });
    expect(handle.ledger.get(request.requestId)).toMatchObject({ status: 'not-sent', attempts: 0 });
    expect(await answerAsk(handle, ask.id, request, ctx)).toEqual({ outcome: 'taken' });
    expect(posts).toHaveLength(1);
    expect((await audit()).map((line) => line.result)).toEqual(['not-sent', 'not-sent', 'taken']);
  });

  it('a send to an agent that is down is not sent, and its row says so', async () => {
    refuseNext = 1;
    expect(await act({ paneId: 'p', text: 'deploy', turnId: null }, 'send')).toEqual({ outcome: 'not-sent' });
    expect(sendRows(handle.ledger, handle.store, 'p')).toEqual([expect.objectContaining({ status: 'not-sent' })]);
    expect(turns).toHaveLength(0);
  });
});

describe('belt, starters, rename, close, reopen', () => {
  it('a belt button runs once, a repeat is answered from the receipt', async () => {
    const taps: string[] = [];
    collie.handle({ action: ({ actionId }) => void taps.push(actionId) });
    const request = parseActRequest('action', { agent: 'desk', paneId: 'p' }, { requestId: 'belt-1', actionId: 'retry', turnId: null });
    expect(await runAct(handle, ctx, actSpec(handle, request))).toEqual({ outcome: 'done' });
    expect(await runAct(handle, ctx, actSpec(handle, request))).toEqual({ outcome: 'done' });
    expect(taps).toEqual(['retry']);
  });

  it('a starter opens the pane it names', async () => {
    expect(await act({}, 'starter', { starterId: 'new' })).toEqual({ outcome: 'done', paneId: 'chat-2', conversationId: expect.stringMatching(/^c-/) });
  });

  it('rename, close and reopen change the agent', async () => {
    expect(await act({ target: 'pane', id: 'p', title: 'Release' }, 'rename', {})).toEqual({ outcome: 'done' });
    expect(collie.state.panes.get('p')!.title).toBe('Release');
    const conversationId = pane.conversationId;
    expect(await act({ target: 'pane', id: 'p' }, 'close', {})).toEqual({ outcome: 'done' });
    expect(collie.state.panes.has('p')).toBe(false);
    expect(await act({ conversationId }, 'reopen', {})).toEqual({ outcome: 'done', paneId: 'p' });
    expect(await act({ target: 'tab', id: 'nope' }, 'close', {})).toEqual({ outcome: 'refused', reason: 'not-found' });
  });
});

describe('the audit log and the receipts', () => {
  it('keep the fields docs/bridge.md §7 names and never the typed text beyond the 120-character preview', async () => {
    const text = `deploy ${'x'.repeat(200)} SECRET-TAIL`;
    await act({ paneId: 'p', text, turnId: null }, 'send');
    await handle.poller.poll();
    await act({ target: 'pane', id: 'p', title: 'Named' }, 'rename', {});
    const lines = await audit();
    expect(lines[0]).toMatchObject({
      session: 'desk',
      device: 'test-phone',
      event: 'send',
      requestId: expect.any(String),
      paneId: 'p',
      turnId: null,
      steer: false,
      result: 'sent',
      preview: text.slice(0, 120),
    });
    expect(lines[1]).toMatchObject({ event: 'pane.rename', id: 'p', title: 'Named', result: 'done' });
    const files = (await readFile(join(dir.path, 'audit.log'), 'utf8')) + (await readFile(join(dir.path, 'receipts.jsonl'), 'utf8'));
    expect(files).not.toContain('SECRET-TAIL');
    const receipts = (await readFile(join(dir.path, 'receipts.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(receipts.at(-1)).toMatchObject({ act: 'rename', channel: 'program', status: 'done', attempts: 1 });
    expect(JSON.stringify(receipts)).not.toContain('deploy x');
    const { stat } = await import('node:fs/promises');
    expect((await stat(join(dir.path, 'audit.log'))).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir.path, 'receipts.jsonl'))).mode & 0o777).toBe(0o600);
  });

  it('with COLLIE_AUDIT_CONTENT=none keep the ids and mask every string, the preview included', async () => {
    ctx = testWriteContext(dir.path, true);
    void pane.ask({ kind: 'text', toolCallId: 'q', title: 'Name?' }).catch(() => {});
    await handle.poller.poll();
    const ask = handle.store.chatJson('p')!.asks[0]!;
    await answerAsk(handle, ask.id, { agent: 'desk', paneId: 'p', requestId: 'ans-1', hash: ask.hash, answer: { text: 'typed secret' } }, ctx);
    await act({ paneId: 'p', text: 'hello there', turnId: null }, 'send');
    await act({ target: 'pane', id: 'p', title: 'Private name' }, 'rename', {});
    const lines = await audit();
    expect(lines[0]).toMatchObject({ event: 'answer', requestId: 'ans-1', askId: ask.id, revision: 1, answerKind: 'text', result: 'taken' });
    expect(lines[1]).toMatchObject({ event: 'send', preview: '[masked]', result: 'sent' });
    expect(lines[2]).toMatchObject({ event: 'pane.rename', id: 'p', title: '[masked]' });
    const all = await readFile(join(dir.path, 'audit.log'), 'utf8');
    for (const secret of ['typed secret', 'hello there', 'Private name']) expect(all).not.toContain(secret);
  });
});
