import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
const start = async () => {
  desk = await runDesk(socket(), { dataDir: join(dir.path, 'data'), log: () => {} });
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
