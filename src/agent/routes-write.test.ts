import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openCollie, type Collie, type PaneHandle, type SendContext } from './kit';
import { tempDir, wireCall, type TempDir } from './testing';

const ALL = { asks: true, send: true, steer: true, abort: true, actions: true, rename: true, close: true, starters: true, reopen: true, history: true };

let dir: TempDir;
let collie: Collie;
let pane: PaneHandle;
let socket: string;
let turns: SendContext[];
/** Woken each time the agent starts a turn. */
let turnStarted: (() => void)[];
let n = 0;
const rid = () => `r-${++n}`;

beforeEach(async () => {
  dir = await tempDir();
  socket = join(dir.path, 'run', 'app.sock');
  collie = await openCollie({ socket, hostName: 'test', caps: ALL, log: () => {} });
  pane = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'P' });
  turns = [];
  turnStarted = [];
  // Each turn runs until the test ends it (or the person stops it).
  collie.handle({
    send: (ctx) =>
      new Promise<void>((resolve) => {
        turns.push(ctx);
        for (const wake of turnStarted.splice(0)) wake();
        ctx.turn.signal.addEventListener('abort', () => resolve());
        (ctx as SendContext & { finish?: () => void }).finish = resolve;
      }),
  });
  collie.ready();
});
afterEach(async () => {
  await collie.close();
  await dir.cleanup();
});

const paneJson = async (id = 'p') => {
  const snap = (await wireCall(socket, 'GET', '/snapshot')).json;
  for (const ws of snap.workspaces) for (const tab of ws.tabs) for (const p of tab.panes) if (p.id === id) return p;
  return undefined;
};
const finish = (i: number) => (turns[i] as SendContext & { finish: () => void }).finish();
/** Resolves once the agent has started `count` turns in all. */
const turnsStarted = async (count: number) => {
  while (turns.length < count) await new Promise<void>((wake) => turnStarted.push(wake));
};

describe('send, steer and abort', () => {
  it('starts a turn with a plain send and shows the user item naming its request id', async () => {
    const requestId = rid();
    const reply = await wireCall(socket, 'POST', '/pane/p/send', { requestId, text: 'hello', turnId: null, steer: false });
    expect(reply.json).toMatchObject({ status: 'accepted', turnId: expect.any(String) });
    expect(turns[0]).toMatchObject({ text: 'hello', requestId });
    expect(await paneJson()).toMatchObject({ state: 'working', turn: { id: reply.json.turnId, state: 'running', queued: 0 } });
    const { epoch } = (await wireCall(socket, 'GET', '/snapshot')).json;
    const view = (await wireCall(socket, 'GET', `/pane/p/events?after=0&epoch=${epoch}`)).json;
    expect(view.events.find((e: { type: string }) => e.type === 'item').item).toMatchObject({ kind: 'user', text: 'hello', requestId });
  });

  it('queues a send during the turn the phone saw and runs it next', async () => {
    const first = (await wireCall(socket, 'POST', '/pane/p/send', { requestId: rid(), text: 'one', turnId: null })).json;
    const queued = await wireCall(socket, 'POST', '/pane/p/send', { requestId: rid(), text: 'two', turnId: first.turnId });
    expect(queued.json).toEqual({ status: 'queued', turnId: first.turnId });
    expect((await paneJson()).turn.queued).toBe(1);
    finish(0);
    await turnsStarted(2); // the queued send runs as the next turn
    expect(turns.map((t) => t.text)).toEqual(['one', 'two']);
    expect((await paneJson()).turn).toMatchObject({ state: 'running', queued: 0 });
  });

  it('refuses a send naming a turn that is no longer current', async () => {
    const first = (await wireCall(socket, 'POST', '/pane/p/send', { requestId: rid(), text: 'one', turnId: null })).json;
    const moved = await wireCall(socket, 'POST', '/pane/p/send', { requestId: rid(), text: 'late', turnId: null });
    expect([moved.status, moved.json.code, moved.json.turn.id]).toEqual([409, 'turn-moved', first.turnId]);
  });

  it('refuses a plain send while an ask is open, naming the oldest', async () => {
    void pane.ask({ kind: 'text', toolCallId: 'q1', title: 'Name?' }).catch(() => {});
    void pane.ask({ kind: 'text', toolCallId: 'q2', title: 'Age?' }).catch(() => {});
    const { asks } = await paneJson();
    const refused = await wireCall(socket, 'POST', '/pane/p/send', { requestId: rid(), text: 'hi', turnId: null });
    expect([refused.status, refused.json]).toEqual([409, { code: 'ask-open', askId: asks[0].id }]);
  });

  it('steers text into the running turn, and refuses a steer with no turn', async () => {
    const noTurn = await wireCall(socket, 'POST', '/pane/p/send', { requestId: rid(), text: 'faster', turnId: null, steer: true });
    expect([noTurn.status, noTurn.json.code]).toEqual([409, 'no-turn']);
    const { turnId } = (await wireCall(socket, 'POST', '/pane/p/send', { requestId: rid(), text: 'go', turnId: null })).json;
    const heard: string[] = [];
    turns[0]!.turn.onSteer((text) => heard.push(text));
    expect((await wireCall(socket, 'POST', '/pane/p/send', { requestId: rid(), text: 'faster', turnId, steer: true })).json).toEqual({ status: 'steered', turnId });
    expect(heard).toEqual(['faster']);
    // Written as the person's item, marked a steer: the chat tells it from a message of its own.
    const items = collie.state.panes.get('p')!.conversation.record.items;
    expect(items.flatMap((i) => (i.kind === 'user' ? [[i.text, i.steer ?? false]] : []))).toEqual([
      ['go', false],
      ['faster', true],
    ]);
  });

  it('refuses empty and over-long text before anything runs', async () => {
    for (const text of ['', 'x'.repeat(32769), 42]) {
      const reply = await wireCall(socket, 'POST', '/pane/p/send', { requestId: rid(), text, turnId: null });
      expect([reply.status, reply.json.code]).toEqual([400, 'bad-request']);
    }
    expect(turns).toHaveLength(0);
  });

  it('stops the running turn and decides its open asks in the agent', async () => {
    const { turnId } = (await wireCall(socket, 'POST', '/pane/p/send', { requestId: rid(), text: 'go', turnId: null })).json;
    const asked = pane.ask({ kind: 'text', toolCallId: 'q', title: 'Sure?' }).catch((err: { decidedBy: string }) => err.decidedBy);
    const stopped = await wireCall(socket, 'POST', '/pane/p/abort', { requestId: rid(), turnId });
    expect(stopped.json).toEqual({ status: 'stopped' });
    expect(turns[0]!.turn.signal.aborted).toBe(true);
    expect(await asked).toBe('program');
    expect(await paneJson()).toMatchObject({ state: 'idle', turn: { state: 'stopped' }, asks: [] });
    expect((await wireCall(socket, 'POST', '/pane/p/abort', { requestId: rid(), turnId })).json).toEqual({ status: 'idle' });
  });
});

describe('belt, rename, close, starters, reopen', () => {
  it('runs a belt button once and refuses an unknown one', async () => {
    const taps: string[] = [];
    collie.handle({ action: ({ actionId }) => void taps.push(actionId) });
    pane.belt([{ id: 'retry', label: 'Retry' }]);
    const body = { requestId: rid(), actionId: 'retry', turnId: null };
    expect((await wireCall(socket, 'POST', '/pane/p/action', body)).json).toEqual({});
    expect((await wireCall(socket, 'POST', '/pane/p/action', body)).json).toEqual({ replayed: true });
    expect(taps).toEqual(['retry']);
    const unknown = await wireCall(socket, 'POST', '/pane/p/action', { requestId: rid(), actionId: 'nope', turnId: null });
    expect([unknown.status, unknown.json.code]).toEqual([404, 'no-such-action']);
  });

  it('renames a workspace, a tab and a pane', async () => {
    for (const [target, id] of [
      ['workspace', 'w'],
      ['tab', 't'],
      ['pane', 'p'],
    ]) {
      expect((await wireCall(socket, 'POST', '/rename', { requestId: rid(), target, id, title: `New ${target}` })).status).toBe(200);
    }
    const snap = (await wireCall(socket, 'GET', '/snapshot')).json;
    expect([snap.workspaces[0].title, snap.workspaces[0].tabs[0].title, snap.workspaces[0].tabs[0].panes[0].title]).toEqual(['New workspace', 'New tab', 'New pane']);
    const unknown = await wireCall(socket, 'POST', '/rename', { requestId: rid(), target: 'pane', id: 'ghost', title: 'x' });
    expect([unknown.status, unknown.json.code]).toEqual([404, 'no-such-pane']);
  });

  it('closes a pane and its conversation, and reopens it in its place', async () => {
    pane.item({ id: 'i1', kind: 'reply', text: 'kept' });
    const asked = pane.ask({ kind: 'text', toolCallId: 'q', title: 'Sure?' }).catch((err: { decidedBy: string }) => err.decidedBy);
    expect((await wireCall(socket, 'POST', '/close', { requestId: rid(), target: 'pane', id: 'p' })).status).toBe(200);
    expect(await asked).toBe('program');
    expect(await paneJson()).toBeUndefined();
    const history = (await wireCall(socket, 'GET', '/conversations')).json;
    expect(history.conversations[0]).toMatchObject({ id: pane.conversationId, state: 'closed', closedAt: expect.any(String) });
    expect(history.conversations[0].paneId).toBeUndefined();
    const reopened = await wireCall(socket, 'POST', '/reopen', { requestId: rid(), conversationId: pane.conversationId });
    expect(reopened.json).toEqual({ paneId: 'p' });
    expect(await paneJson()).toMatchObject({ conversationId: pane.conversationId });
    const missing = await wireCall(socket, 'POST', '/reopen', { requestId: rid(), conversationId: 'c-none' });
    expect([missing.status, missing.json.code]).toEqual([404, 'no-such-conversation']);
  });

  it('never reuses a turn id in a conversation, across close and reopen', async () => {
    const ids: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      const started = new Promise<void>((wake) => turnStarted.push(wake));
      const sent = await wireCall(socket, 'POST', '/pane/p/send', { requestId: rid(), text: `round ${round}`, turnId: (await paneJson())?.turn?.id ?? null });
      await started;
      ids.push(sent.json.turnId);
      (turns.at(-1) as SendContext & { finish: () => void }).finish();
      await expect.poll(async () => (await paneJson())?.turn?.state).toBe('done');
      expect((await wireCall(socket, 'POST', '/close', { requestId: rid(), target: 'pane', id: 'p' })).status).toBe(200);
      expect((await wireCall(socket, 'POST', '/reopen', { requestId: rid(), conversationId: pane.conversationId })).json).toEqual({ paneId: 'p' });
    }
    expect(new Set(ids).size).toBe(3);
  });

  it('closes a whole workspace', async () => {
    expect((await wireCall(socket, 'POST', '/close', { requestId: rid(), target: 'workspace', id: 'w' })).status).toBe(200);
    expect((await wireCall(socket, 'GET', '/snapshot')).json.workspaces).toEqual([]);
  });

  it('runs a starter and names the pane it opened', async () => {
    collie.starter({ id: 'new-deploy', label: 'New deploy' }, () => collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('deploy-2', { title: 'Deploy 2' }));
    expect((await wireCall(socket, 'GET', '/snapshot')).json.starters).toEqual([{ id: 'new-deploy', label: 'New deploy' }]);
    const started = await wireCall(socket, 'POST', '/starter/new-deploy', { requestId: rid() });
    expect(started.json).toEqual({ paneId: 'deploy-2', conversationId: expect.stringMatching(/^c-/) });
    expect((await paneJson('deploy-2'))?.title).toBe('Deploy 2');
    const unknown = await wireCall(socket, 'POST', '/starter/ghost', { requestId: rid() });
    expect([unknown.status, unknown.json.code]).toEqual([404, 'no-such-starter']);
  });
});

describe('cap gating', () => {
  it('answers 404 not-found on every route whose cap is not declared', async () => {
    const bare = await openCollie({ socket: join(dir.path, 'bare', 'app.sock'), hostName: 'bare', caps: {}, log: () => {} });
    bare.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'P' });
    bare.ready();
    try {
      const s = join(dir.path, 'bare', 'app.sock');
      const posts = ['/pane/p/answer', '/pane/p/send', '/pane/p/abort', '/pane/p/action', '/rename', '/close', '/starter/x', '/reopen'];
      for (const path of posts) expect((await wireCall(s, 'POST', path, { requestId: rid() })).json, path).toEqual({ code: 'not-found' });
      expect((await wireCall(s, 'GET', '/conversations')).json).toEqual({ code: 'not-found' });
      expect((await wireCall(s, 'GET', '/conversation/c/items')).json).toEqual({ code: 'not-found' });
    } finally {
      await bare.close();
    }
  });
});
