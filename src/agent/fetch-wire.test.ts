import { describe, expect, it } from 'vitest';
import { WIRE_PREFIX } from '../wire/agent-paths';
import { LIMITS } from '../wire/limits';
import { VERSION_HEADER } from '../wire/wire-protocol';
import { AgentState, capsFrom } from './agent-state';
import { answerFetch } from './fetch-wire';
import type { WriteContext } from './routes-write';

/** A kit's state behind the fetch host, as a Worker's object would hold it. */
function host() {
  const state = new AgentState('cloud desk', capsFrom({ send: true }));
  const lines: string[] = [];
  const ctx: WriteContext = { state, handlers: {}, starters: new Map(), log: (line) => lines.push(line) };
  const call = (method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) =>
    answerFetch(ctx, new Request(`https://agent.example${WIRE_PREFIX}${path}`, { method, body: init.body, headers: { [VERSION_HEADER]: '1', ...init.headers } }));
  return { state, lines, call };
}

describe('the wire through the fetch API (the host a Worker is)', () => {
  it('answers as the Node server does: hello, then starting until ready, then the routes with their ETags', async () => {
    const { state, call } = host();
    const hello = await call('GET', '/hello');
    expect(hello.status).toBe(200);
    expect(hello.headers.get('content-type')).toBe('application/json');
    expect(await hello.json()).toMatchObject({ host: { name: 'cloud desk' } });
    expect((await call('GET', '/snapshot')).status).toBe(503);
    state.ready = true;
    const snapshot = await call('GET', '/snapshot');
    expect(snapshot.status).toBe(200);
    const etag = snapshot.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await call('GET', '/snapshot', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('refuses in WIRE.md order: no version, a body over the limit before any 404, a body that is no object', async () => {
    const { state, call } = host();
    state.ready = true;
    expect((await answerFetch({ state, handlers: {}, starters: new Map(), log: () => {} }, new Request(`https://a${WIRE_PREFIX}/snapshot`))).status).toBe(400);
    const big = await call('POST', '/pane/nowhere/send', { body: 'x'.repeat(LIMITS.requestBodyBytes + 1) });
    expect([big.status, await big.json()]).toEqual([413, { code: 'too-large' }]);
    const notJson = await call('POST', '/pane/nowhere/send', { body: '[1]' });
    expect(notJson.status).toBe(400);
    const missing = await call('POST', '/pane/nowhere/send', { body: JSON.stringify({ requestId: 'r1', text: 'hi', turnId: null }) });
    expect([missing.status, await missing.json()]).toEqual([404, { code: 'no-such-pane' }]);
  });
});
