import { describe, expect, it } from 'vitest';
import type { BridgeClient, Fetched } from '../phone-api-client';
import type { ChatJson } from '../../wire/bridge-json';
import { withFirstRead } from './read-data-early';
import { START_WAITS } from './waits';

/** A client that counts its reads and answers each with its own number. */
function counting() {
  const calls: string[] = [];
  const answer = (what: string) => {
    calls.push(what);
    return Promise.resolve({ changed: true, data: { n: calls.length } as unknown as ChatJson, etag: `"${calls.length}"` } as Fetched<ChatJson>);
  };
  const client = {
    dashboard: () => answer('dashboard'),
    agent: (name: string) => answer(`agent ${name}`),
    chat: (agent: string, pane: string, _etag: string | null, options: { tail?: boolean } = {}) => answer(`chat ${agent} ${pane}${options.tail ? ' tail' : ''}`),
    history: (agent: string, id: string) => answer(`history ${agent} ${id}`),
  } as unknown as BridgeClient;
  return { client, calls };
}

describe('the first read', () => {
  it("starts the route's read at once, and the screen's first plain read takes it instead of asking again", async () => {
    const { client, calls } = counting();
    const wrapped = withFirstRead(client, { screen: 'chat', agent: 'desk', paneId: 'p' }).client;
    expect(calls).toEqual(['chat desk p tail']); // before anything asked for it: a chat opens with its newest entries
    const first = await wrapped.chat('desk', 'p', null, { tail: true });
    expect(first).toMatchObject({ changed: true, etag: '"1"' });
    expect(calls).toHaveLength(1);
    await wrapped.chat('desk', 'p', null, { tail: true }); // only the first is answered from it
    expect(calls).toEqual(['chat desk p tail', 'chat desk p tail']);
  });

  it('answers nothing else from it: a long-poll, the whole chat, another chat, another kind of read', async () => {
    const { client, calls } = counting();
    const wrapped = withFirstRead(client, { screen: 'chat', agent: 'desk', paneId: 'p' }).client;
    await wrapped.chat('desk', 'p', '"1"', { wait: true, tail: true });
    await wrapped.chat('desk', 'p', null, {});
    await wrapped.chat('desk', 'other', null, { tail: true });
    await wrapped.agent('desk', null);
    expect(calls).toEqual(['chat desk p tail', 'chat desk p tail', 'chat desk p', 'chat desk other tail', 'agent desk']);
  });

  it('is dropped once too old to draw', async () => {
    const { client, calls } = counting();
    let clock = 0;
    const wrapped = withFirstRead(client, { screen: 'dashboard' }, () => clock).client;
    clock = START_WAITS.earlyReadKeepMs + 1;
    expect(await wrapped.dashboard(null, {})).toMatchObject({ etag: '"2"' });
    expect(calls).toEqual(['dashboard', 'dashboard']);
  });

  it('covers each screen with data, and settings reads nothing', () => {
    const { client, calls } = counting();
    withFirstRead(client, { screen: 'agent', agent: 'desk' });
    withFirstRead(client, { screen: 'manage', agent: 'ops' });
    withFirstRead(client, { screen: 'closed', agent: 'desk', conversationId: 'c1' });
    withFirstRead(client, { screen: 'settings' });
    expect(calls).toEqual(['agent desk', 'agent ops', 'history desk c1']);
  });

  it('keeps a failed first read from being an unhandled rejection when nobody takes it', async () => {
    const failing = { dashboard: () => Promise.reject(new Error('down')) } as unknown as BridgeClient;
    const wrapped = withFirstRead(failing, { screen: 'dashboard' }).client;
    await expect(wrapped.dashboard(null, {})).rejects.toThrow('down');
    withFirstRead(failing, { screen: 'dashboard' }); // never taken: vitest fails the run on an unhandled rejection
  });
});
