import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCollie, type Collie } from './kit';
import { tempDir, wireCall, type TempDir } from './testing';

let dir: TempDir;
let collie: Collie | undefined;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => {
  await collie?.close();
  await dir.cleanup();
});

const socketOf = () => join(dir.path, 'run', 'app.sock');
async function startAgent() {
  collie = await openCollie({ socket: socketOf(), hostName: 'desk', caps: { asks: true, history: true }, dataDir: join(dir.path, 'data'), log: () => {} });
  const pane = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'P' });
  return pane;
}

describe('a restart', () => {
  it('comes back with a new epoch, the same conversation and items, and the same ask id', async () => {
    const before = await startAgent();
    before.item({ id: 'i1', kind: 'reply', text: 'before the restart' });
    void before.ask({ kind: 'choice', toolCallId: 'deploy-1', title: 'Deploy?', multiple: false, options: [{ id: 'y', label: 'Yes' }] }).catch(() => {});
    collie!.ready();
    const first = (await wireCall(socketOf(), 'GET', '/snapshot')).json;
    const askId = first.workspaces[0].tabs[0].panes[0].asks[0].id;
    await collie!.close();
    expect((await stat(join(dir.path, 'data', 'conversations.json'))).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir.path, 'data'))).mode & 0o777).toBe(0o700);

    const after = await startAgent();
    const answered = after.ask({ kind: 'choice', toolCallId: 'deploy-1', title: 'Deploy?', multiple: false, options: [{ id: 'y', label: 'Yes' }] });
    collie!.ready();
    const second = (await wireCall(socketOf(), 'GET', '/snapshot')).json;
    const pane = second.workspaces[0].tabs[0].panes[0];
    expect(second.epoch).not.toBe(first.epoch);
    expect(pane.conversationId).toBe(before.conversationId);
    expect(pane.asks[0].id).toBe(askId);
    const view = (await wireCall(socketOf(), 'GET', `/pane/p/events?after=3&epoch=${first.epoch}`)).json;
    expect(view).toMatchObject({ view: true, items: [expect.objectContaining({ id: 'i1', text: 'before the restart' })] });
    // An answer the phone sent for the ask before the restart still lands under the same id.
    const reply = await wireCall(socketOf(), 'POST', '/pane/p/answer', { requestId: 'r-1', askId, revision: 1, answer: { optionIds: ['y'] } });
    expect(reply.json).toEqual({ outcome: 'taken' });
    expect(await answered).toEqual({ optionIds: ['y'] });
  });
});
