import { describe, expect, it } from 'vitest';
import type { ActRequest } from '../wire/bridge-json';
import { actRoute } from './act-route';
import { BridgeHttpError, createBridgeClient } from './phone-api-client';

const rid = 'r1';

describe('act routes', () => {
  it.each<[ActRequest, string, Record<string, unknown>]>([
    [
      { act: 'send', agent: 'desk', paneId: 'p1', requestId: rid, text: 'hi', turnId: 't1' },
      '/api/send',
      { agent: 'desk', paneId: 'p1', requestId: rid, text: 'hi', turnId: 't1' },
    ],
    [{ act: 'steer', agent: 'desk', paneId: 'p1', requestId: rid, text: 'left', turnId: 't1' }, '/api/agents/desk/panes/p1/steer', { requestId: rid, text: 'left', turnId: 't1' }],
    [{ act: 'stop', agent: 'desk', paneId: 'p1', requestId: rid, turnId: null }, '/api/agents/desk/panes/p1/stop', { requestId: rid, turnId: null }],
    [
      { act: 'action', agent: 'desk', paneId: 'p1', requestId: rid, actionId: 'deploy', turnId: 't1' },
      '/api/agents/desk/panes/p1/action',
      { requestId: rid, actionId: 'deploy', turnId: 't1' },
    ],
    [{ act: 'starter', agent: 'desk', requestId: rid, starterId: 'review' }, '/api/agents/desk/starters/review', { requestId: rid }],
    [
      { act: 'rename', agent: 'desk', requestId: rid, target: 'tab', id: 'tab1', title: 'New' },
      '/api/agents/desk/rename',
      { requestId: rid, target: 'tab', id: 'tab1', title: 'New' },
    ],
    [{ act: 'close', agent: 'desk', requestId: rid, target: 'pane', id: 'p1' }, '/api/agents/desk/close', { requestId: rid, target: 'pane', id: 'p1' }],
    [{ act: 'reopen', agent: 'desk', requestId: rid, conversationId: 'c9' }, '/api/agents/desk/reopen', { requestId: rid, conversationId: 'c9' }],
  ])('maps %j', (request, path, body) => {
    expect(actRoute(request)).toEqual({ path, body });
  });

  it('encodes path segments', () => {
    expect(actRoute({ act: 'stop', agent: 'a/b', paneId: 'p 1', requestId: rid, turnId: null }).path).toBe('/api/agents/a%2Fb/panes/p%201/stop');
  });
});

describe('client.act', () => {
  it('posts JSON and reads the reply', async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const client = createBridgeClient('', async (url, init) => {
      calls.push([String(url), init]);
      return new Response(JSON.stringify({ outcome: 'queued' }), { status: 200 });
    });
    const reply = await client.act({ act: 'send', agent: 'desk', paneId: 'p1', requestId: rid, text: 'hi', turnId: null });
    expect(reply).toEqual({ outcome: 'queued' });
    expect(calls[0]![0]).toBe('/api/send');
    expect(calls[0]![1]?.method).toBe('POST');
    expect(JSON.parse(String(calls[0]![1]?.body))).toEqual({ agent: 'desk', paneId: 'p1', requestId: rid, text: 'hi', turnId: null });
  });

  it('throws the bridge error on 4xx and 5xx', async () => {
    const client = createBridgeClient('', async () => new Response(JSON.stringify({ code: 'request-id-reused', message: 'used' }), { status: 409 }));
    const err = await client.act({ act: 'reopen', agent: 'desk', requestId: rid, conversationId: 'c' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BridgeHttpError);
    expect([(err as BridgeHttpError).status, (err as BridgeHttpError).code]).toEqual([409, 'request-id-reused']);
  });
});
