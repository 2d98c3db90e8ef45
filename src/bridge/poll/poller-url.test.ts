import { afterEach, describe, expect, it } from 'vitest';
import { openCollie, type Collie } from '../../agent/kit';
import { tempDir, type TempDir } from '../../agent/testing';
import { AgentLink } from '../link/agent-link';
import { AgentStore } from './agent-store';
import { answerAsk } from '../acts/answer-ask';
import { Ledger } from '../receipts/ledger';
import { testWriteContext } from '../testing/write-context';

const ctx = () => testWriteContext(ledgerDirs[0]!.path);
import { Poller } from './poller';

/** Integration: the real poller against a real agent on the token transport over loopback HTTP. */
const TOKEN = 'edge-token-7c1e9a4f2b6d8035e1a7c9f4b2d6e803';
const WRONG = 'edge-token-00000000000000000000000000000000';

let collie: Collie | undefined;
const ledgerDirs: TempDir[] = [];
afterEach(async () => {
  await collie?.close();
  collie = undefined;
  for (const folder of ledgerDirs.splice(0)) await folder.cleanup();
});

async function edgeAgent(): Promise<{ collie: Collie; answer: Promise<unknown> }> {
  collie = await openCollie({ port: 0, tokens: [TOKEN], hostName: 'edge', caps: { asks: true }, log: () => {} });
  const pane = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'P' });
  pane.item({ id: 'i1', kind: 'reply', text: 'hi' });
  collie.ready();
  const answer = pane.ask({ kind: 'choice', toolCallId: 'tc', title: 'Q?', multiple: false, options: [{ id: 'y', label: 'Yes' }] });
  answer.catch(() => {});
  return { collie, answer };
}

async function bridgeFor(url: string, token: string) {
  const logs: string[] = [];
  const store = new AgentStore('edge', 'elsewhere');
  const link = new AgentLink({ name: 'edge', address: { kind: 'url', url, token } });
  const poller = new Poller(store, link, (line) => logs.push(line));
  const folder = await tempDir();
  ledgerDirs.push(folder);
  return { store, link, poller, logs, ledger: await Ledger.open(folder.path, () => {}) };
}

describe('bridge ↔ agent over the token transport', () => {
  it('reads hello, snapshot and events with the right token', async () => {
    const agent = await edgeAgent();
    expect(agent.collie.address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const { store, poller, logs } = await bridgeFor(agent.collie.address, TOKEN);
    await poller.poll();
    expect(store.row()).toMatchObject({ name: 'edge', where: 'elsewhere', status: 'ok', open: 1, needsYou: 1, hostName: 'edge' });
    const chat = store.chatJson('p')!;
    expect(chat.entries).toEqual([{ type: 'item', item: expect.objectContaining({ id: 'i1', text: 'hi' }) }]);
    expect(chat.asks[0]).toMatchObject({ title: 'Q?', revision: 1 });
    expect(JSON.stringify(store.row())).not.toContain(TOKEN);
    expect(logs.join('\n')).not.toContain(TOKEN);
  });

  it('passes an answer through under the agent’s own ask id', async () => {
    const agent = await edgeAgent();
    const handle = await bridgeFor(agent.collie.address, TOKEN);
    await handle.poller.poll();
    const ask = handle.store.chatJson('p')!.asks[0]!;
    const reply = await answerAsk(handle, ask.id, { agent: 'edge', paneId: 'p', requestId: 'r-1', hash: ask.hash, answer: { optionIds: ['y'] } }, ctx());
    expect(reply).toEqual({ outcome: 'taken' });
    expect(await agent.answer).toEqual({ optionIds: ['y'] });
  });

  it('shows token-refused at once for a wrong token, and never shows or logs the token', async () => {
    const agent = await edgeAgent();
    const { store, poller, logs } = await bridgeFor(agent.collie.address, WRONG);
    await poller.poll();
    expect(store.row()).toMatchObject({ status: 'token-refused', reason: 'token-refused', caps: null });
    await poller.poll();
    expect(store.status).toBe('token-refused');
    const shown = JSON.stringify(store.row()) + JSON.stringify(store.agentJson()) + logs.join('\n');
    expect(shown).not.toContain(WRONG);
    expect(shown).not.toContain(TOKEN);
  });

  it('shows token-refused when the token is refused after a good read', async () => {
    const agent = await edgeAgent();
    const handle = await bridgeFor(agent.collie.address, TOKEN);
    await handle.poller.poll();
    expect(handle.store.status).toBe('ok');
    // The agent rotates its token away from ours: the very next read meets 401.
    await agent.collie.close();
    const port = new URL(agent.collie.address).port;
    collie = await openCollie({ port: Number(port), tokens: [WRONG], hostName: 'edge', caps: { asks: true }, log: () => {} });
    collie.ready();
    await handle.poller.poll();
    expect(handle.store.row()).toMatchObject({ status: 'token-refused', reason: 'token-refused' });
  });

  it('refuses a bad address before dialing, without naming the token', async () => {
    const short = await bridgeFor('http://127.0.0.1:9', 'short');
    await short.poller.poll();
    expect(short.store.row()).toMatchObject({ status: 'unreachable', reason: 'the token is shorter than 32 bytes' });
    const plain = await bridgeFor('http://example.com:80', TOKEN);
    await plain.poller.poll();
    expect(plain.store.row()).toMatchObject({ status: 'unreachable' });
    expect(plain.store.reason).toContain('https://');
    expect(JSON.stringify(plain.store.row())).not.toContain(TOKEN);
  });
});
