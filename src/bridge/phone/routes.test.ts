import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCollie, type Collie } from '../../agent/kit';
import { tempDir, type TempDir } from '../../agent/testing';
import { pathOf, PHONE_PATHS, type PhonePath } from '../../wire/phone-routes';
import { startBridge, type RunningBridge } from '../bridge';
import { PHONE_ROUTES } from './routes';

/** Walks every route of the phone API's table over a real bridge: each one is reached by its own method only. */
let dir: TempDir;
let collie: Collie;
let bridge: RunningBridge;

beforeEach(async () => {
  dir = await tempDir();
  const socket = join(dir.path, 'run', 'app.sock');
  const caps = { asks: true, starters: true, send: true, steer: true, abort: true, rename: true, close: true, actions: true, history: true, reopen: true };
  collie = await openCollie({ socket, hostName: 'desk', caps, log: () => {} });
  const tab = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' });
  tab.pane('p', { title: 'P' });
  collie.starter({ id: 's', label: 'Start' }, () => tab.pane('new', { title: 'New' }));
  collie.ready();
  bridge = await startBridge({ sources: [{ name: 'desk', address: { kind: 'socket', path: socket } }], durable: true, stateDir: join(dir.path, 'state'), host: '127.0.0.1', port: 0, log: () => {} });
  await bridge.agents.get('desk')!.poller.poll();
});
afterEach(async () => {
  await bridge.close();
  await collie.close();
  await dir.cleanup();
});

const SAMPLE = { agent: 'desk', paneId: 'p', conversationId: 'c-none', askId: 'a-none', starterId: 's' };
const call = (method: string, route: PhonePath, headers: Record<string, string> = {}, body?: string) =>
  fetch(`${bridge.url}${pathOf(route, SAMPLE as never).slice(1)}`, { method, headers, ...(body === undefined ? {} : { body }) });

describe('the phone route table', () => {
  it('names every phone path once', () => {
    expect(PHONE_ROUTES.map((r) => r.name).sort()).toEqual(Object.keys(PHONE_PATHS).sort());
    for (const route of PHONE_ROUTES) expect(route.writes, route.name).toBe(route.method === 'POST');
  });

  it('reaches a handler for every route by its own method, and refuses any other method', async () => {
    for (const route of PHONE_ROUTES) {
      const body = route.writes ? JSON.stringify({ requestId: `r-${route.name}` }) : undefined;
      const reply = await call(route.method, route.name, route.writes ? { 'content-type': 'application/json' } : {}, body);
      const json = (await reply.json()) as { code?: string };
      expect([reply.status, json.code], route.name).not.toEqual([404, 'not-found']);
      expect(reply.status, route.name).not.toBe(405);
      const other = await call(route.method === 'GET' ? 'POST' : 'GET', route.name, { 'content-type': 'application/json' }, route.method === 'GET' ? '{}' : undefined);
      expect([other.status, ((await other.json()) as { code?: string }).code], route.name).toEqual([405, 'method-not-allowed']);
    }
  });

  it('takes writes only as JSON, on every write route', async () => {
    for (const route of PHONE_ROUTES.filter((r) => r.writes)) {
      const reply = await call('POST', route.name, { 'content-type': 'text/plain' }, '{}');
      expect([reply.status, ((await reply.json()) as { code?: string }).code], route.name).toEqual([415, 'unsupported-media-type']);
    }
  });
});
