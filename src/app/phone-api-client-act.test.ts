import { describe, expect, it } from 'vitest';
import { BridgeHttpError, createBridgeClient } from './phone-api-client';

const rid = 'r1';

describe('client.act', () => {
  it('posts JSON and reads the reply', async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const client = createBridgeClient('', async (url, init) => {
      calls.push([String(url), init]);
      return new Response(JSON.stringify({ outcome: 'queued' }), { status: 200 });
    });
    const reply = await client.act({ act: 'send', agent: 'desk', paneId: 'p1', requestId: rid, text: 'hi', turnId: null });
    expect(reply).toEqual({ outcome: 'queued' });
    expect(calls[0]![0]).toBe('/api/agents/desk/panes/p1/send');
    expect(calls[0]![1]?.method).toBe('POST');
    expect(JSON.parse(String(calls[0]![1]?.body))).toEqual({ requestId: rid, text: 'hi', turnId: null });
  });

  it('throws the bridge error on 4xx and 5xx', async () => {
    const client = createBridgeClient('', async () => new Response(JSON.stringify({ code: 'request-id-reused', message: 'used' }), { status: 409 }));
    const err = await client.act({ act: 'reopen', agent: 'desk', requestId: rid, conversationId: 'c' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BridgeHttpError);
    expect([(err as BridgeHttpError).status, (err as BridgeHttpError).code]).toEqual([409, 'request-id-reused']);
  });
});
