import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openCollie, type Collie } from '../../agent/kit';
import { tempDir, type TempDir } from '../../agent/testing';
import type { SearchJson } from '../../wire/search-json';
import { startBridge, type RunningBridge } from '../bridge';
import { pairedCookie } from '../testing/paired';

/**
 * Search over a real bridge and two kit agents on private sockets: one keeps history (its closed
 * conversations are searched too), one does not.
 */
let dir: TempDir;
let agents: Record<'desk' | 'lab', Collie>;
let bridge: RunningBridge;
let cookie: string;

beforeEach(async () => {
  dir = await tempDir();
  agents = {
    desk: await openCollie({ socket: join(dir.path, 'desk', 'app.sock'), hostName: 'desk', caps: { asks: true, history: true }, log: () => {} }),
    lab: await openCollie({ socket: join(dir.path, 'lab', 'app.sock'), hostName: 'lab', caps: { asks: true }, log: () => {} }),
  };
  for (const agent of Object.values(agents)) agent.ready();
  bridge = await startBridge({
    sources: (['desk', 'lab'] as const).map((name) => ({ name, address: { kind: 'socket' as const, path: join(dir.path, name, 'app.sock') } })),
    durable: true,
    stateDir: join(dir.path, 'state'),
    host: '127.0.0.1',
    port: 0,
    log: () => {},
  });
  cookie = await pairedCookie(bridge.devices);
});
afterEach(async () => {
  await bridge.close();
  for (const agent of Object.values(agents)) await agent.close();
  await dir.cleanup();
});

const poll = async () => {
  for (const name of ['desk', 'lab']) await bridge.agents.get(name)!.poller.poll();
};
const search = async (q: string): Promise<SearchJson> => {
  const res = await fetch(`${bridge.url}api/search?q=${encodeURIComponent(q)}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as SearchJson;
};
const pane = (agent: Collie, id: string, title: string) => agent.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane(id, { title });

describe('search', () => {
  it('finds open and closed conversations of every agent by their words, newest first, with the words marked', async () => {
    const deploy = pane(agents.desk, 'deploy', 'Deploy');
    deploy.item({ id: 'm1', kind: 'markdown', text: '## Result\n**The migration failed** on `users`' });
    deploy.item({ id: 't1', kind: 'tool', toolCallId: 'c1', name: 'bash', summary: 'npm run migrate', status: 'failed' });
    const old = pane(agents.desk, 'old', 'Last week');
    old.item({ id: 'r1', kind: 'reply', text: 'The migration failed twice, then passed.' });
    await poll();
    old.close();
    const lab = pane(agents.lab, 'notes', 'Migration notes');
    lab.item({ id: 'r2', kind: 'reply', text: 'nothing to see' });
    await poll();

    const found = await search('MIGRATION fail');
    expect(found.unreached).toEqual([]);
    const places = found.conversations.map((c) => [c.agent, c.title, c.place.open]);
    expect(places).toEqual(
      expect.arrayContaining([
        ['desk', 'Deploy', true],
        ['desk', 'Last week', false],
      ]),
    );
    expect(places).toHaveLength(2); // the lab's title holds "migration" but not "fail"
    const open = found.conversations.find((c) => c.title === 'Deploy')!;
    expect(open.hits.map((h) => h.text)).toEqual(['Result The migration failed on users']);
    const [[a, b]] = open.hits[0]!.marks as [[number, number]];
    expect(open.hits[0]!.text.slice(a, b)).toBe('migration');
    const closed = found.conversations.find((c) => c.title === 'Last week')!;
    expect(closed.place).toEqual({ open: false, conversationId: expect.any(String) });
    expect(closed.hits[0]!.entryId).toEqual(expect.any(String));

    // A title alone is a match; a blank query finds nothing; nothing found is an empty list.
    expect((await search('notes')).conversations.map((c) => [c.agent, c.title, c.hits.length])).toEqual([['lab', 'Migration notes', 0]]);
    expect((await search('   ')).conversations).toEqual([]);
    expect((await search('zebra')).conversations).toEqual([]);
  });

  it('reads an agent’s closed conversations once for many searches in a row', async () => {
    const old = pane(agents.desk, 'old', 'Old');
    old.item({ id: 'a1', kind: 'reply', text: 'alpha' });
    await poll();
    old.close();
    await poll();
    const calls = vi.spyOn(bridge.agents.get('desk')!.link, 'call');
    const historyReads = () => calls.mock.calls.filter(([reply]) => reply === 'conversations' || reply === 'items').length;
    await search('alpha');
    expect(historyReads()).toBe(2); // the list, and the one conversation's items
    for (const q of ['a', 'al', 'alp', 'alph', 'alpha']) expect((await search(q)).conversations.length).toBeGreaterThan(0);
    expect(historyReads()).toBe(2);
  });
});
