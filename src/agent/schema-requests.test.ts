import fc from 'fast-check';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidId } from '../wire/ids';
import { mutate, mutationArb, REQUEST_ARBS } from '../wire/schema/testing/corpus';
import { wireValidator } from '../wire/schema/testing/validator';
import { openCollie, type Collie } from './kit';
import { tempDir, wireCall, type TempDir } from './testing';

/**
 * The request schemas say what an agent must take: on a generated corpus (bodies as the bridge
 * sends them, and the same with one spot broken) the kit refuses with 400 exactly the bodies the
 * schema refuses. Every cap is declared, so no refusal is a missing route.
 */
const ALL = { asks: true, send: true, steer: true, abort: true, actions: true, rename: true, close: true, starters: true, reopen: true, history: true };
const PATHS: Record<string, string> = {
  'answer-request': '/pane/p/answer',
  'send-request': '/pane/p/send',
  'abort-request': '/pane/p/abort',
  'action-request': '/pane/p/action',
  'rename-request': '/rename',
  'close-request': '/close',
  'starter-request': '/starter/s',
  'reopen-request': '/reopen',
};

let dir: TempDir;
let collie: Collie;
let socket: string;
const validator = wireValidator();
let fresh = 0;

beforeAll(async () => {
  dir = await tempDir();
  socket = join(dir.path, 'run', 'app.sock');
  collie = await openCollie({ socket, hostName: 'test', caps: ALL, log: () => {} });
  collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'P' });
  collie.ready();
});
afterAll(async () => {
  await collie.close();
  await dir.cleanup();
});

describe('the request schemas and the kit', () => {
  for (const [name, arb] of Object.entries(REQUEST_ARBS)) {
    it(`agree on ${name}: 400 exactly when the schema refuses`, async () => {
      let refused = 0;
      await fc.assert(
        fc.asyncProperty(arb, fc.option(mutationArb, { freq: 2 }), async (good, mutation) => {
          const body = (mutation ? mutate(good, mutation) : good) as Record<string, unknown>;
          // A fresh request id each time, so no reply is a replay of an earlier one.
          if (isValidId(body.requestId)) body.requestId = `${body.requestId}~${(fresh += 1)}`;
          const schemaOk = validator.valid(name, body);
          const reply = await wireCall(socket, 'POST', PATHS[name]!, body);
          expect(reply.status === 400, `${JSON.stringify(body).slice(0, 300)} → ${reply.status} ${reply.text.slice(0, 200)}; schema: ${validator.errors()}`).toBe(!schemaOk);
          if (!schemaOk) refused += 1;
        }),
        { numRuns: 300 },
      );
      expect(refused).toBeGreaterThan(50);
    });
  }
});
