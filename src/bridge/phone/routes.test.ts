import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCollie, type Collie } from '../../agent/kit';
import { tempDir, type TempDir } from '../../agent/testing';
import { pathOf, PHONE_PATHS, type PhonePath } from '../../wire/phone-routes';
import { startBridge, type RunningBridge } from '../bridge';
import { pairedCookie } from '../testing/paired';
import { PHONE_ROUTES } from './routes';

/** Walks every route of the phone API's table over a real bridge: each one is reached by its own method only. */
let dir: TempDir;
let collie: Collie;
let bridge: RunningBridge;
let cookie: string;

beforeEach(async () => {
  dir = await tempDir();
  const socket = join(dir.path, 'run', 'app.sock');
  const caps = { asks: true, starters: true, send: true, steer: true, abort: true, rename: true, close: true, actions: true, history: true, reopen: true };
  collie = await openCollie({ socket, hostName: 'desk', caps, log: () => {} });
  const tab = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' });
  tab.pane('p', { title: 'P' });
  collie.starter({ id: 's', label: 'Start' }, () => tab.pane('new', { title: 'New' }));
  collie.ready();
  bridge = await startBridge({
    sources: [{ name: 'desk', address: { kind: 'socket', path: socket } }],
    durable: true,
    stateDir: join(dir.path, 'state'),
    host: '127.0.0.1',
    port: 0,
    log: () => {},
  });
  await bridge.agents.get('desk')!.poller.poll();
  cookie = await pairedCookie(bridge.devices);
});
afterEach(async () => {
  await bridge.close();
  await collie.close();
  await dir.cleanup();
});

const SAMPLE = { agent: 'desk', paneId: 'p', conversationId: 'c-none', askId: 'a-none', starterId: 's', requestId: 'p-none' };
const call = (method: string, route: PhonePath, headers: Record<string, string> = {}, body?: string) =>
  fetch(`${bridge.url}${pathOf(route, SAMPLE as never).slice(1)}`, { method, headers: { cookie, ...headers }, ...(body === undefined ? {} : { body }) });

describe('the phone route table', () => {
  it('names every phone path once', () => {
    expect(PHONE_ROUTES.map((r) => r.name).sort()).toEqual(Object.keys(PHONE_PATHS).sort());
    for (const route of PHONE_ROUTES.filter((r) => r.writes)) expect([route.method, route.access], route.name).toEqual(['POST', 'device']);
    expect(PHONE_ROUTES.filter((r) => r.access === 'open').map((r) => r.name)).toEqual(['pair']);
  });

  it('reaches a handler for every route by its own method, and refuses any other method', async () => {
    // Forgetting this phone unpairs it: walked last.
    const walk = [...PHONE_ROUTES].sort((a, b) => Number(a.name === 'deviceForget') - Number(b.name === 'deviceForget'));
    for (const route of walk) {
      const body = route.writes ? JSON.stringify({ requestId: `r-${route.name}` }) : undefined;
      const reply = await call(route.method, route.name, route.writes ? { 'content-type': 'application/json' } : {}, body);
      const json = (await reply.json()) as { code?: string };
      expect([reply.status, json.code], route.name).not.toEqual([404, 'not-found']);
      expect(reply.status, route.name).not.toBe(405);
      const other = await call(route.method === 'GET' ? 'POST' : 'GET', route.name, { 'content-type': 'application/json' }, route.method === 'GET' ? '{}' : undefined);
      expect([other.status, ((await other.json()) as { code?: string }).code], route.name).toEqual([405, 'method-not-allowed']);
    }
  });

  it('refuses every route but pairing without a paired device, reads included', async () => {
    for (const route of PHONE_ROUTES.filter((r) => r.access !== 'open')) {
      const reply = await fetch(`${bridge.url}${pathOf(route.name, SAMPLE as never).slice(1)}`, {
        method: route.method,
        headers: { 'content-type': 'application/json' },
        ...(route.method === 'POST' ? { body: '{}' } : {}),
      });
      expect([reply.status, ((await reply.json()) as { code?: string }).code], route.name).toEqual([401, 'not-paired']);
    }
    const only = await fetch(`${bridge.url}api/dashboard`, { headers: { cookie: 'collie_device=d-000000000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } });
    expect(only.status).toBe(401);
  });

  it('lets a watch device read everything and refuses every write it tries with 403 watch-only', async () => {
    const watch = await pairedCookie(bridge.devices, 'watch');
    for (const route of PHONE_ROUTES.filter((r) => r.access !== 'open' && r.name !== 'deviceForget')) {
      const reply = await fetch(`${bridge.url}${pathOf(route.name, SAMPLE as never).slice(1)}`, {
        method: route.method,
        headers: { cookie: watch, 'content-type': 'application/json' },
        ...(route.method === 'POST' ? { body: JSON.stringify({ requestId: `w-${route.name}`, name: 'Watcher' }) } : {}),
      });
      const code = ((await reply.json()) as { code?: string }).code;
      if (route.writes) expect([reply.status, code], route.name).toEqual([403, 'watch-only']);
      else expect(reply.status, route.name).not.toBe(403);
    }
  });

  it('takes writes only as JSON, on every write route', async () => {
    for (const route of PHONE_ROUTES.filter((r) => r.writes)) {
      const reply = await call('POST', route.name, { 'content-type': 'text/plain' }, '{}');
      expect([reply.status, ((await reply.json()) as { code?: string }).code], route.name).toEqual([415, 'unsupported-media-type']);
    }
  });
});
