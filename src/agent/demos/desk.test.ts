import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Collie } from '../kit';
import { tempDir, wireCall, type TempDir } from '../testing';
import { runDesk } from './desk';

let dir: TempDir;
let desk: Collie | undefined;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => {
  await desk?.close();
  desk = undefined;
  await dir.cleanup();
});

const socket = () => join(dir.path, 'run', 'desk.sock');
/** The stories move on as soon as they can: the test waits for what they write, not for their pace. */
const NO_PAUSE = { toolMs: 0, nextMs: 0, wait: () => Promise.resolve() };
const start = async () => {
  desk = await runDesk(socket(), { dataDir: join(dir.path, 'data'), log: () => {}, pace: NO_PAUSE });
};
const stop = async () => {
  await desk?.close();
  desk = undefined;
};

/** Every pane the snapshot shows, as workspace/tab/pane id with its conversation and title. */
async function openPanes(): Promise<string[]> {
  const snapshot = (await wireCall(socket(), 'GET', '/snapshot')).json;
  return snapshot.workspaces.flatMap((ws: any) =>
    ws.tabs.flatMap((tab: any) => tab.panes.map((pane: any) => `${ws.id}/${tab.id}/${pane.id} ${pane.conversationId} ${pane.title}`)),
  );
}

/** Every conversation the agent keeps, open and closed, newest first. */
async function history(): Promise<string[]> {
  const reply = (await wireCall(socket(), 'GET', '/conversations?limit=100')).json;
  expect(reply.next).toBeNull();
  return reply.conversations.map((c: any) => `${c.id} ${c.state} ${c.title}`);
}

describe('the desk demo with a data folder', () => {
  it('comes back after a restart with the same open panes and history: no second closed copy, the started chat kept', async () => {
    await start();
    const started = await wireCall(socket(), 'POST', '/starter/new-chat', { requestId: 'r-chat-1' });
    expect(started.status).toBe(200);
    const panesBefore = await openPanes();
    const historyBefore = await history();
    expect(panesBefore.some((p) => p.startsWith(`projects/web/${started.json.paneId} ${started.json.conversationId} Chat 1`))).toBe(true);
    expect(historyBefore.filter((c) => c.endsWith(' closed Rotate the keys'))).toHaveLength(1);
    await stop();

    await start();
    expect(await openPanes()).toEqual(panesBefore);
    expect(await history()).toEqual(historyBefore);
    // The next chat is numbered after the one kept, not "Chat 1" again.
    const next = await wireCall(socket(), 'POST', '/starter/new-chat', { requestId: 'r-chat-2' });
    expect((await openPanes()).find((p) => p.includes(next.json.paneId))).toMatch(/ Chat 2$/);
  });
});

/** A pane of the snapshot: its conversation and the asks open in it. */
async function paneOf(id: string): Promise<{ conversationId: string; asks: { id: string; revision: number; toolCallId: string }[] }> {
  const snapshot = (await wireCall(socket(), 'GET', '/snapshot')).json;
  return snapshot.workspaces.flatMap((ws: any) => ws.tabs.flatMap((tab: any) => tab.panes)).find((pane: any) => pane.id === id);
}

/** A conversation's items as the chat reads them: kind and words. */
async function said(conversationId: string): Promise<string[]> {
  const reply = (await wireCall(socket(), 'GET', `/conversation/${conversationId}/items?limit=100`)).json;
  return reply.items.map((item: any) => `${item.kind}: ${item.text ?? `${item.name} ${item.summary} ${item.status}`}`);
}

describe('the desk demo tells its conversations forward', () => {
  it('after Allow always in Shell the tools run, sentences say so, no card comes back, and a restart neither asks again nor retells', async () => {
    await start();
    const shell = await paneOf('shell');
    expect(shell.asks.map((a) => a.toolCallId)).toEqual(['rm']);
    const answered = await wireCall(socket(), 'POST', '/pane/shell/answer', {
      requestId: 'r-always',
      askId: shell.asks[0]!.id,
      revision: shell.asks[0]!.revision,
      answer: { optionIds: ['always'] },
    });
    expect(answered.status).toBe(200);
    await vi.waitFor(async () => expect((await said(shell.conversationId)).at(-1)).toBe('reply: All 42 tests pass now, the login test too.'));
    const told = await said(shell.conversationId);
    expect(told).toContain('notice: Allowed always for bash in this conversation.');
    expect(told).toContain('reply: Removed build/ — 14 files.');
    expect((await paneOf('shell')).asks).toEqual([]);
    // The other conversations still wait for their own first answer, each asked once.
    expect((await paneOf('deploy')).asks.map((a) => a.toolCallId)).toEqual(['staging']);
    await stop();

    await start();
    expect((await paneOf('shell')).asks).toEqual([]);
    expect(await said(shell.conversationId)).toEqual(told);
    expect((await paneOf('deploy')).asks.map((a) => a.toolCallId)).toEqual(['staging']);
  });
});

describe('the desk demo’s timed questions', () => {
  it('each wait as long as the others, ten minutes: a new person reads the README first', async () => {
    await start();
    const timed = async () => {
      const snapshot = (await wireCall(socket(), 'GET', '/snapshot')).json;
      const asks = snapshot.workspaces.flatMap((ws: any) => ws.tabs.flatMap((tab: any) => tab.panes.flatMap((pane: any) => pane.asks)));
      return asks.filter((a: any) => a.expiresAt).map((a: any) => [a.title, Math.round((Date.parse(a.expiresAt) - Date.parse(a.createdAt)) / 1000)]);
    };
    await vi.waitFor(async () => expect((await timed()).map(([title]: [string]) => title)).toEqual(expect.arrayContaining(['Deploy to staging?', 'Name the new server'])));
    for (const [, seconds] of await timed()) expect(seconds).toBe(600);
  });
});

describe('a demo turn stopped', () => {
  it('ends its work row as what it did, never "done — stopped", and says it was stopped', async () => {
    await start();
    const snapshot = (await wireCall(socket(), 'GET', '/snapshot')).json;
    // A new chat from a starter: the demo's other conversations each wait for an answer first.
    const opened = await wireCall(socket(), 'POST', `/starter/${snapshot.starters[0].id}`, { requestId: 'r-new' });

    const paneId: string = opened.json.paneId;
    const { conversationId } = await paneOf(paneId);
    const sent = await wireCall(socket(), 'POST', `/pane/${paneId}/send`, { requestId: 'r-send', text: 'go' });
    expect(sent.status, sent.text).toBe(200);
    await vi.waitFor(async () => expect((await said(conversationId)).at(-1)).toMatch(/^tool: work step 1 of \d+ running$/));
    const stopped = await wireCall(socket(), 'POST', `/pane/${paneId}/abort`, { requestId: 'r-stop', turnId: sent.json.turnId });
    expect(stopped.status, stopped.text).toBe(200);
    await vi.waitFor(async () => expect((await said(conversationId)).at(-1)).toBe('notice: Stopped.'));
    expect((await said(conversationId)).at(-2)).toMatch(/^tool: work 0 of \d+ steps done done$/);
  });
});
