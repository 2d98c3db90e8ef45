import { agentPath } from '../../wire/agent-paths';
import { isValidEpoch } from '../../wire/epoch-rule';
import { LIMITS } from '../../wire/limits';
import { parseRange } from '../../wire/parse-hello';
import { isRecord, type Rec } from '../../wire/read';
import { utf8Length } from '../../wire/utf8';
import { SERVICE_NAME } from '../../wire/wire-protocol';
import { expectReply, expectWithin, fail, needHello, needReady, objectBody, skip, type CheckContext, type Rule } from './rule';

/** How often the ready rule asks hello again while it waits. */
const READY_POLL_MS = 100;

/** The first hello: without the version header, as the bridge sends it. */
async function readHello(ctx: CheckContext): Promise<Rec> {
  const res = await ctx.call({ path: agentPath('hello'), version: null });
  expectReply(res, 200);
  const body = objectBody(res);
  ctx.hello = body;
  ctx.ready = body.ready === true;
  expectWithin(res, 'hello');
  return body;
}

/** Hello, readiness and the refusals every route shares (WIRE.md §1–3). */
export const helloRules: Rule[] = [
  {
    name: 'hello: 200 JSON within 16 KiB without the version header',
    run: async (ctx) => {
      await readHello(ctx);
    },
  },
  {
    name: 'hello: service is exactly collie-durable',
    run: async (ctx) => {
      const { service } = needHello(ctx);
      if (service !== SERVICE_NAME) fail(`service is ${JSON.stringify(service)}`);
    },
  },
  {
    name: 'hello: protocol range holds version 1',
    run: async (ctx) => {
      const { protocol } = needHello(ctx);
      const range = parseRange(protocol);
      if (!range) fail(`protocol ${JSON.stringify(protocol)} is not { min, max } with 1 ≤ min ≤ max`);
      if (range.min > 1 || range.max < 1) fail(`protocol ${range.min}..${range.max} does not hold 1`);
    },
  },
  {
    name: 'hello: epoch is 22–128 chars of [A-Za-z0-9_-]',
    run: async (ctx) => {
      const { epoch } = needHello(ctx);
      if (!isValidEpoch(epoch)) fail(`epoch is ${JSON.stringify(epoch)}`.slice(0, 200));
    },
  },
  {
    name: 'hello: host.name is text of at most 64 bytes',
    run: async (ctx) => {
      const { host } = needHello(ctx);
      const name = isRecord(host) ? host.name : undefined;
      if (typeof name !== 'string') fail('host.name is missing or not a string');
      if (utf8Length(name) > LIMITS.hostNameBytes) fail(`host.name is ${utf8Length(name)} bytes`);
      if (isRecord(host) && host.runtime !== undefined && typeof host.runtime !== 'string') fail('host.runtime is not a string');
    },
  },
  {
    // Reported with the writes, whom it concerns; "off" or unsaid is never a failure (WIRE.md §17).
    name: 'writes: the caller check is on (host.callerCheck)',
    writes: true,
    run: async (ctx) => {
      const { host } = needHello(ctx);
      const said = isRecord(host) ? host.callerCheck : undefined;
      if (said === 'on') return;
      if (said === undefined) skip('the agent does not say whether it refuses writes from its own processes');
      if (said === 'off') skip('off: any process of the user, the agent and its tools included, can answer its questions');
      fail(`host.callerCheck is ${JSON.stringify(said)}, not "on" or "off"`.slice(0, 200));
    },
  },
  {
    name: 'hello: caps are booleans',
    run: async (ctx) => {
      const { caps } = needHello(ctx);
      if (!isRecord(caps)) fail(`caps is ${JSON.stringify(caps)}, not an object`);
      const bad = Object.entries(caps)
        .filter(([, value]) => typeof value !== 'boolean')
        .map(([name]) => name);
      if (bad.length > 0) fail(`not booleans: ${bad.join(', ')}`);
    },
  },
  {
    name: '503 starting while not ready',
    run: async (ctx) => {
      const hello = needHello(ctx);
      if (hello.ready !== false) skip('the agent was ready at the first hello');
      const res = await ctx.call({ path: agentPath('snapshot') });
      if (res.status === 200) {
        const again = await readHello(ctx);
        if (again.ready === true) skip('the agent became ready meanwhile');
      }
      expectReply(res, 503, 'starting');
    },
  },
  {
    name: 'hello: ready becomes true',
    run: async (ctx) => {
      const until = Date.now() + ctx.waitReadyMs;
      let hello = needHello(ctx);
      while (hello.ready !== true) {
        if (hello.ready !== false) fail(`ready is ${JSON.stringify(hello.ready)}, not a boolean`);
        if (Date.now() >= until) fail(`still not ready after ${ctx.waitReadyMs} ms (use --wait-ready-ms)`);
        await new Promise((r) => setTimeout(r, READY_POLL_MS));
        hello = await readHello(ctx);
      }
    },
  },
  {
    name: '400 version-required without X-Collie-Session',
    run: async (ctx) => {
      needReady(ctx);
      expectReply(await ctx.call({ path: agentPath('snapshot'), version: null }), 400, 'version-required');
    },
  },
  {
    name: '404 not-found for an unknown path',
    run: async (ctx) => {
      needReady(ctx);
      expectReply(await ctx.call({ path: '/conformance-no-such-route' }), 404, 'not-found');
      expectReply(await ctx.call({ method: 'POST', path: '/conformance-no-such-route', body: {} }), 404, 'not-found');
    },
  },
  {
    name: '409 incompatible for the telling hello',
    run: async (ctx) => {
      needHello(ctx);
      const res = await ctx.call({ path: agentPath('hello'), version: '999' });
      expectReply(res, 409, 'incompatible');
      const body = objectBody(res);
      if (typeof body.refusal !== 'string' || body.refusal === '') fail('no refusal sentence');
      if (!parseRange(body.agent)) fail(`agent is ${JSON.stringify(body.agent)}, not a { min, max } range`);
      if (!parseRange(body.collie)) fail(`collie is ${JSON.stringify(body.collie)}, not a { min, max } range`);
    },
  },
];
