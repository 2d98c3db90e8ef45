import { chmod } from 'node:fs/promises';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import { AgentStore } from '../poll/agent-store';
import { Poller } from '../poll/poller';
import { scriptedAgent, type ScriptedAgent } from '../testing/scripted-agent';
import { AgentLink } from './agent-link';

let dir: TempDir;
let agent: ScriptedAgent;
beforeEach(async () => {
  dir = await tempDir();
  agent = await scriptedAgent(dir.path);
  agent.panes.push({ id: 'p' });
});
afterEach(async () => {
  await agent.close();
  await dir.cleanup();
});

it('walks the socket path once per connection, not once per poll, and again for every new connection', async () => {
  const link = new AgentLink(agent.source);
  const store = new AgentStore('scripted', 'here');
  const poller = new Poller(store, link, () => {});
  for (let i = 0; i < 5; i += 1) await poller.poll();
  expect(store.row().status).toBe('ok');
  expect(link.sockets!.walks).toBe(1); // five polls (hello, snapshot, events…) over one kept connection

  // The socket is opened to everyone; the kept connection was checked when it was made, a new one is not allowed.
  const { address } = agent.source;
  await chmod(address?.kind === 'socket' ? address.path : '', 0o666);
  link.sockets!.destroy(); // the kept connection goes (as when the agent restarts)
  const fresh = new AgentLink(agent.source);
  const freshStore = new AgentStore('scripted', 'here');
  await new Poller(freshStore, fresh, () => {}).poll();
  expect(freshStore.row()).toMatchObject({ status: 'unreachable', reason: expect.stringMatching(/0666|mode|others/i) });
  expect(fresh.sockets!.walks).toBe(1);
  link.close();
  fresh.close();
});

it('a kept connection the agent closed is made again, walked again, and the poll carries on', async () => {
  const link = new AgentLink(agent.source);
  const store = new AgentStore('scripted', 'here');
  const poller = new Poller(store, link, () => {});
  await poller.poll();
  const before = link.sockets!.walks;
  await agent.close(); // closes every connection it holds
  agent = await scriptedAgent(dir.path); // back on the same path
  agent.panes.push({ id: 'p' });
  await poller.poll();
  await poller.poll();
  expect(store.row().status).toBe('ok');
  expect(link.sockets!.walks).toBeGreaterThan(before);
  link.close();
});
