import { createServer, type Server } from 'node:http';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCollie, type Collie } from '../../agent/kit';
import { tempDir, type TempDir } from '../../agent/testing';
import { AgentStore } from './agent-store';
import { startBridge, type RunningBridge } from '../bridge';
import { pairedCookie } from '../testing/paired';
import { DiskCache } from './disk-cache';

let dir: TempDir;
let collie: Collie | undefined;
let bridge: RunningBridge | undefined;
let hung: Server | undefined;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => {
  await bridge?.close();
  await collie?.close();
  hung?.closeAllConnections();
  hung?.close();
  bridge = collie = hung = undefined;
  await dir.cleanup();
});

const EPOCH = 'cached-epoch-00000000000001';
const cacheFile = (name: string) => join(dir.path, 'state', 'durable', name, 'cache.jsonl');

describe('the disk cache', () => {
  it('opens a chat from the cache after a bridge restart while the agent does not answer', async () => {
    const socket = join(dir.path, 'run', 'app.sock');
    collie = await openCollie({ socket, hostName: 'desk', caps: { asks: true }, log: () => {} });
    const pane = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Deploy' });
    pane.item({ id: 'i1', kind: 'reply', text: 'remembered' });
    void pane.ask({ kind: 'choice', toolCallId: 'tc', title: 'Deploy?', multiple: false, options: [{ id: 'y', label: 'Yes' }] }).catch(() => {});
    collie.ready();
    const options = {
      sources: [{ name: 'desk', address: { kind: 'socket' as const, path: socket } }],
      durable: true,
      stateDir: join(dir.path, 'state'),
      host: '127.0.0.1',
      port: 0,
      log: () => {},
    };
    bridge = await startBridge(options);
    await bridge.agents.get('desk')!.poller.poll();
    await bridge.close();
    expect((await stat(cacheFile('desk'))).mode & 0o777).toBe(0o600);
    await collie.close();
    collie = undefined;

    // The agent comes back hung: it takes connections and never answers.
    hung = createServer(() => {});
    await new Promise<void>((r) => hung!.listen(socket, r));
    await chmod(socket, 0o600);
    bridge = await startBridge(options);
    const chat = await (await fetch(`${bridge.url}api/agents/desk/panes/p`, { headers: { cookie: await pairedCookie(bridge.devices) } })).json();
    expect(chat.entries).toEqual([{ type: 'item', item: expect.objectContaining({ id: 'i1', text: 'remembered' }) }]);
    expect(chat.asks[0]).toMatchObject({ title: 'Deploy?' });
    expect(chat.agent.status).toBe('starting');
  });

  it('cleans a tampered cache as it cleans an agent, and ignores garbage', async () => {
    const folder = join(dir.path, 'agent');
    await mkdir(folder, { mode: 0o700 });
    const snapshot = {
      epoch: EPOCH,
      rev: 3,
      workspaces: [{ id: 'w', title: 'W', tabs: [{ id: 't', title: 'T', panes: [{ id: 'p', title: 'P\u202e', state: 'idle', turn: null, asks: [], belt: [], cursor: 2 }] }] }],
      starters: [],
    };
    const panes = {
      p: {
        cursor: 2,
        epoch: EPOCH,
        trimmed: true,
        turn: null,
        entries: [
          { type: 'item', item: { id: 'x', kind: 'reply', at: '', text: 'a\u200bb' } },
          { type: 'item', item: { id: 'l', kind: 'link', at: '', url: 'javascript:alert(1)' } },
          { type: 'decision', id: 'd1', decidedBy: 'timeout', title: 'Q\u0000', askId: 'a1', at: '2026-03-12T09:30:00.000Z' },
        ],
      },
    };
    await writeFile(join(folder, 'cache.json'), JSON.stringify({ snapshot, panes }));
    const store = new AgentStore('a', 'here');
    expect(await new DiskCache(folder, store, () => {}).load()).toBe(true);
    const chat = store.chatJson('p')!;
    expect(chat.pane.title).toBe('P');
    expect(chat.trimmed).toBe(true);
    expect(chat.entries).toEqual([
      { type: 'item', item: { id: 'x', kind: 'reply', at: '', text: 'ab' } },
      { type: 'decision', id: 'd1', decidedBy: 'timeout', title: 'Q', askId: 'a1', at: '2026-03-12T09:30:00.000Z' },
    ]);

    await writeFile(join(folder, 'cache.json'), '{nope');
    const logs: string[] = [];
    expect(await new DiskCache(folder, new AgentStore('a', 'here'), (l) => logs.push(l)).load()).toBe(false);
    expect(logs).toHaveLength(1);
  });

  it('writes only open panes: what the agent closed is not kept', async () => {
    const folder = join(dir.path, 'agent');
    await mkdir(folder, { mode: 0o700 });
    const store = new AgentStore('a', 'here');
    const pane = (id: string) => ({ id, title: id, state: 'idle' as const, turn: null, asks: [], belt: [], cursor: 0 });
    store.setSnapshot({ epoch: EPOCH, rev: 1, workspaces: [{ id: 'w', title: 'W', tabs: [{ id: 't', title: 'T', panes: [pane('open'), pane('closing')] }] }], starters: [] });
    store.setSnapshot({ epoch: EPOCH, rev: 2, workspaces: [{ id: 'w', title: 'W', tabs: [{ id: 't', title: 'T', panes: [pane('open')] }] }], starters: [] });
    await new DiskCache(folder, store, () => {}).flush();
    const records = (await readFile(join(folder, 'cache.jsonl'), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(records.filter((r) => r.k === 'pane').map((r) => r.id)).toEqual(['open']);
  });
});
