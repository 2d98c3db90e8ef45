import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openCollie, type Collie, type PaneHandle } from './kit';
import { tempDir, wireCall, type TempDir } from './testing';
import { EVENT_MEMORY } from './pane-model';
import { CONVERSATION_MEMORY } from './conversations';

let dir: TempDir;
let collie: Collie;
let pane: PaneHandle;
let socket: string;

async function start(caps: Record<string, boolean>) {
  collie = await openCollie({ socket, hostName: 'test', caps, log: () => {} });
  pane = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'P' });
  collie.ready();
}
beforeEach(async () => {
  dir = await tempDir();
  socket = join(dir.path, 'run', 'app.sock');
});
afterEach(async () => {
  await collie.close();
  await dir.cleanup();
});

const epochOf = async () => (await wireCall(socket, 'GET', '/snapshot')).json.epoch as string;
const addItems = (count: number, from = 0) => {
  for (let i = from; i < from + count; i += 1) pane.item({ id: `i${i}`, kind: 'reply', text: `item ${i}` });
};

describe('events', () => {
  beforeEach(() => start({ asks: true }));

  it('gives at most 1000 events a reply and lets a reader catch up with after=cursor', async () => {
    addItems(900);
    const epoch = await epochOf();
    const first = (await wireCall(socket, 'GET', `/pane/p/events?after=0&epoch=${epoch}`)).json;
    expect([first.view, first.events.length, first.cursor]).toEqual([false, 900, 900]);
    addItems(150, 900);
    const next = (await wireCall(socket, 'GET', `/pane/p/events?after=${first.cursor}&epoch=${epoch}`)).json;
    expect([next.view, next.events.length, next.events[0].seq, next.cursor]).toEqual([false, 150, 901, 1050]);
  });

  it('gives a reader more than 1000 events behind the current view of the latest 2000 items', async () => {
    addItems(2500);
    const epoch = await epochOf();
    const view = (await wireCall(socket, 'GET', `/pane/p/events?after=0&epoch=${epoch}`)).json;
    expect([view.view, view.items.length, view.items[0].id, view.cursor, view.trimmed]).toEqual([true, 2000, 'i500', 2500, true]);
  });

  it('gives the current view to a reader whose cursor is older than the events kept', async () => {
    addItems(EVENT_MEMORY + 10);
    const epoch = await epochOf();
    const view = (await wireCall(socket, 'GET', `/pane/p/events?after=5&epoch=${epoch}`)).json;
    expect(view.view).toBe(true);
  });

  it('replaces an item by id: one item, two events', async () => {
    pane.item({ id: 'tool-1', kind: 'tool', toolCallId: 'tc', name: 'bash', status: 'running' });
    pane.item({ id: 'tool-1', kind: 'tool', toolCallId: 'tc', name: 'bash', status: 'done', output: 'ok' });
    const view = (await wireCall(socket, 'GET', '/pane/p/events?after=0&epoch=x')).json;
    expect(view.items).toEqual([expect.objectContaining({ id: 'tool-1', status: 'done', output: 'ok' })]);
  });

  it('takes the same item written again as no new version: no event, the first time kept', async () => {
    const tool = { id: 'tool-2', kind: 'tool', toolCallId: 'tc2', name: 'bash', status: 'running' } as const;
    pane.item(tool);
    const epoch = await epochOf();
    const before = (await wireCall(socket, 'GET', `/pane/p/events?after=0&epoch=${epoch}`)).json;
    pane.item(tool);
    pane.item({ ...tool, at: before.events[0].item.at });
    const after = (await wireCall(socket, 'GET', `/pane/p/events?after=0&epoch=${epoch}`)).json;
    expect([after.cursor, after.events]).toEqual([before.cursor, before.events]);
    pane.item({ ...tool, status: 'done' });
    expect((await wireCall(socket, 'GET', `/pane/p/events?after=0&epoch=${epoch}`)).json.cursor).toBe(before.cursor + 1);
  });

  it('rejects a bad cursor', async () => {
    expect((await wireCall(socket, 'GET', '/pane/p/events?after=-1')).json.code).toBe('bad-request');
  });
});

describe('history', () => {
  beforeEach(() => start({ asks: true, history: true, close: true }));

  it('pages conversations newest first with an opaque cursor', async () => {
    const ws = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' });
    for (let i = 0; i < 4; i += 1) ws.pane(`extra${i}`, { title: `Extra ${i}` });
    const first = (await wireCall(socket, 'GET', '/conversations?limit=3')).json;
    expect(first.conversations.map((c: { title: string }) => c.title)).toEqual(['Extra 3', 'Extra 2', 'Extra 1']);
    expect(first.conversations[0]).toMatchObject({ state: 'open', paneId: 'extra3', createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect(first.next).toMatch(/^[\x21-\x7e]{1,512}$/);
    const second = (await wireCall(socket, 'GET', `/conversations?limit=3&after=${first.next}`)).json;
    expect([second.conversations.map((c: { title: string }) => c.title), second.next]).toEqual([['Extra 0', 'P'], null]);
    expect((await wireCall(socket, 'GET', '/conversations?after=garbage')).json.code).toBe('bad-request');
  });

  it('pages a conversation items oldest first, and says when its beginning is gone', async () => {
    addItems(25);
    const id = pane.conversationId;
    const first = (await wireCall(socket, 'GET', `/conversation/${id}/items?limit=10`)).json;
    expect([first.items[0].id, first.items.length, first.trimmed]).toEqual(['i0', 10, false]);
    const second = (await wireCall(socket, 'GET', `/conversation/${id}/items?limit=10&after=${first.next}`)).json;
    expect(second.items[0].id).toBe('i10');
    const last = (await wireCall(socket, 'GET', `/conversation/${id}/items?limit=10&after=${second.next}`)).json;
    expect([last.items.length, last.next]).toEqual([5, null]);
    addItems(CONVERSATION_MEMORY, 25);
    const trimmed = (await wireCall(socket, 'GET', `/conversation/${id}/items?limit=1`)).json;
    expect([trimmed.trimmed, trimmed.items[0].id]).toEqual([true, 'i25']);
    expect((await wireCall(socket, 'GET', '/conversation/nope/items')).json.code).toBe('no-such-conversation');
  });

  it('keeps a long view whole when history can give the beginning', async () => {
    addItems(2100);
    const view = (await wireCall(socket, 'GET', '/pane/p/events?after=0&epoch=x')).json;
    expect([view.items.length, view.trimmed]).toEqual([2000, false]);
  });
});

describe('asks', () => {
  beforeEach(() => start({ asks: true }));

  it('changes an ask in place: the revision rises and an answer to the old one is stale', async () => {
    const answered = pane.ask({ kind: 'choice', toolCallId: 'tc', title: 'Deploy?', multiple: false, options: [{ id: 'y', label: 'Yes' }] });
    expect(pane.reviseAsk('tc', { title: 'Deploy to production?' })).toBe(true);
    const snap = (await wireCall(socket, 'GET', '/snapshot')).json;
    const ask = snap.workspaces[0].tabs[0].panes[0].asks[0];
    expect([ask.revision, ask.title]).toEqual([2, 'Deploy to production?']);
    const stale = await wireCall(socket, 'POST', '/pane/p/answer', { requestId: 'a1', askId: ask.id, revision: 1, answer: { optionIds: ['y'] } });
    expect([stale.status, stale.json.code, stale.json.ask.revision]).toEqual([409, 'stale', 2]);
    await wireCall(socket, 'POST', '/pane/p/answer', { requestId: 'a2', askId: ask.id, revision: 2, answer: { optionIds: ['y'] } });
    expect(await answered).toEqual({ optionIds: ['y'] });
  });

  it('keeps the outcome of the last 500 decided asks per pane', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 501; i += 1) {
      void pane.ask({ kind: 'text', toolCallId: `t${i}`, title: 'Q' }).catch(() => {});
      const snap = (await wireCall(socket, 'GET', '/snapshot')).json;
      ids.push(snap.workspaces[0].tabs[0].panes[0].asks[0].id);
      pane.decide(`t${i}`);
    }
    const answerTo = (askId: string, requestId: string) => wireCall(socket, 'POST', '/pane/p/answer', { requestId, askId, revision: 1, answer: { text: 'x' } });
    expect((await answerTo(ids[500]!, 'late-1')).json).toEqual({ code: 'decided', decidedBy: 'program', outcome: null });
    expect((await answerTo(ids[1]!, 'late-2')).json.code).toBe('decided');
    expect((await answerTo(ids[0]!, 'late-3')).json).toEqual({ outcome: 'too-late' });
  });
});

describe('request ids', () => {
  beforeEach(() => start({ asks: true }));

  it('remembers the last 500 ids: the 501st pushes out the first', async () => {
    const tap = (requestId: string) => wireCall(socket, 'POST', '/pane/p/answer', { requestId, askId: 'gone', revision: 1, answer: { optionIds: ['y'] } });
    for (let i = 0; i <= 500; i += 1) await tap(`id-${i}`);
    expect((await tap('id-1')).json).toEqual({ outcome: 'too-late', replayed: true });
    expect((await tap('id-0')).json).toEqual({ outcome: 'too-late' });
  });

  it('refuses a POST without a request id', async () => {
    expect((await wireCall(socket, 'POST', '/pane/p/answer', { askId: 'a', revision: 1, answer: {} })).json.code).toBe('bad-request');
  });
});
