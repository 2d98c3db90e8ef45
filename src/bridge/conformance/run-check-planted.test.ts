import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import type { CheckTarget } from './check-call';
import { runCheck, type CheckResult } from './run-check';
import { tinyAgent, TINY_BUGS, type TinyAgent, type TinyBug } from './testing/tiny-agent';

/**
 * The check against a small agent written from WIRE.md alone (not the kit): it passes the agent
 * as written, and fails each bug an outside builder shipped, planted one at a time, with a line
 * that names the field or the rule.
 */
const TOKEN = 'tiny-token-0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e';

const R = {
  closed: 'events: ask-closed says decidedBy and outcome, a turn event its turn, as the bridge reads them',
  emptyPage: "events: a page after the pane's cursor is empty, and its cursor is after itself",
  decided: 'answer: 409 decided with decidedBy and the first outcome for a decided ask',
  badAnswer: 'request id: a 400 bad-answer is not remembered (its repeat is judged again, not replayed)',
  askOpen: 'send: 409 ask-open naming the oldest open ask for a plain send, before turn-moved',
  tooLarge: 'writes: 413 too-large comes before 404 (an unknown path, an unknown pane)',
  conversations: 'history: conversations page within 1 MiB, next cursor ≤ 512 printable bytes',
  notModified: 'snapshot: 304 with no body for If-None-Match with the ETag',
  weak: 'snapshot: 304 for the weak W/ form of the ETag',
  stale: 'answer: 409 stale carrying the ask for another revision',
  emptyBody: 'writes: an empty POST body reads as {} (an unknown path: 404 not-found, not 400)',
  noToken: 'token: exactly 401 {"code":"unauthorized"} without a token',
  wrongToken: 'token: exactly 401 {"code":"unauthorized"} with a wrong token',
  items: 'items: ids, kinds, times, links and tool states as the bridge reads them',
  shape: 'snapshot: shape, ids and limits',
  asks: 'asks: id is the hash of pane and tool call, revision ≥ 1, kind limits',
} as const;

/** Each planted bug: the rules that must fail (exactly these), and what the first one's line must name. */
const PLANTED: Record<TinyBug, { fails: string[]; names: RegExp }> = {
  'outcome-bare-string': { fails: [R.closed, R.decided], names: /outcome "yes" is neither null nor an answer/ },
  'decided-by-unknown': { fails: [R.closed, R.decided], names: /decidedBy "user" is not phone, program or timeout/ },
  'bad-answer-remembered': { fails: [R.badAnswer], names: /the repeat says replayed: a 400 ran nothing/ },
  'turn-moved-before-ask-open': { fails: [R.askOpen], names: /got 409 turn-moved: for a plain send ask-open is checked before the turn/ },
  'not-found-before-too-large': { fails: [R.tooLarge], names: /^expected 413 too-large, got 404 \{"code":"not-found"\}$/ },
  'history-oldest-first': { fails: [R.conversations], names: /conversations are not newest first by createdAt: "c-asking" \(2026-11-30T10:01:00Z\) comes after "c-idle"/ },
  'not-modified-without-etag': { fails: [R.notModified, R.weak], names: /the 304's ETag is missing, not the snapshot's "tinyAgentEpoch_000000000001-1"/ },
  'stale-without-ask': { fails: [R.stale], names: /the stale reply has no ask/ },
  'empty-page-cursor-zero': { fails: [R.emptyPage], names: /^pane idle, after=2: cursor 0 on a page with no event: it must be after itself \(2\)$/ },
  'empty-body-refused': { fails: [R.emptyBody], names: /the empty body was refused \(400 \{"code":"bad-request"\}\): it reads as \{\}/ },
  'unauthorized-with-message': { fails: [R.noToken, R.wrongToken], names: /the body must be exactly \{"code":"unauthorized"\} \(no field beside code: message\)/ },
  'time-without-zone': {
    fails: [R.items, R.shape, R.asks, R.closed, R.conversations],
    names: /^pane idle, item "r-1": at "2026-11-30T10:00:00" is not an ISO 8601 time with a zone/,
  },
};

let dir: TempDir;
let agent: TinyAgent | undefined;

beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => {
  await agent?.close();
  agent = undefined;
  await dir.cleanup();
});

const socketPath = () => join(dir.path, 'tiny', 'agent.sock');
const check = (target: CheckTarget) => runCheck({ target, writes: true, waitReadyMs: 2000 });
const failing = (result: CheckResult) => result.outcomes.filter((o) => o.outcome.status === 'fail').map((o) => o.name);
const why = (result: CheckResult, name: string) => {
  const found = result.outcomes.find((o) => o.name === name)?.outcome;
  return found && found.status !== 'ok' ? found.why : undefined;
};

/** The bug's own transport: the 401 lives on the token transport, everything else on a socket. */
async function start(bug?: TinyBug): Promise<CheckTarget> {
  if (bug === 'unauthorized-with-message') {
    agent = await tinyAgent({ bug, token: TOKEN });
    return { kind: 'url', url: agent.address, token: TOKEN };
  }
  agent = await tinyAgent({ bug, socket: socketPath() });
  return { kind: 'socket', path: agent.address };
}

describe('the check against a small agent written from WIRE.md', () => {
  it('passes it as written, over a socket and behind a token', async () => {
    const overSocket = await check(await start());
    expect(failing(overSocket)).toEqual([]);
    expect(overSocket.outcomes.filter((o) => o.outcome.status === 'warn')).toEqual([]);
    await agent!.close();
    agent = await tinyAgent({ token: TOKEN });
    const behindToken = await check({ kind: 'url', url: agent.address, token: TOKEN });
    expect(failing(behindToken)).toEqual([]);
  });

  for (const bug of TINY_BUGS) {
    it(`fails it with ${bug}, naming the field or rule`, async () => {
      const result = await check(await start(bug));
      const { fails, names } = PLANTED[bug];
      expect(failing(result).sort()).toEqual([...fails].sort());
      expect(why(result, fails[0]!)).toMatch(names);
      expect(result.lines).toContain(`FAIL ${fails[0]}: ${why(result, fails[0]!)}`);
    });
  }

  it('holds a socket agent that checks a presented token to the same bare 401', async () => {
    agent = await tinyAgent({ socket: socketPath(), token: TOKEN });
    expect(why(await check({ kind: 'socket', path: agent.address }), R.wrongToken)).toBeUndefined();
    await agent.close();
    agent = await tinyAgent({ socket: join(dir.path, 'tiny2', 'agent.sock'), token: TOKEN, bug: 'unauthorized-with-message' });
    const result = await check({ kind: 'socket', path: agent.address });
    expect(failing(result)).toEqual([R.wrongToken]);
    expect(why(result, R.wrongToken)).toMatch(/^hello over the socket with a wrong token: the body must be exactly \{"code":"unauthorized"\} \(no field beside code: message\)/);
    // A socket agent that ignores a presented token is not judged on it: the socket has no token.
    await agent.close();
    agent = await tinyAgent({ socket: join(dir.path, 'tiny3', 'agent.sock') });
    expect(why(await check({ kind: 'socket', path: agent.address }), R.wrongToken)).toBe('the socket transport has no token (the agent ignored a wrong one)');
  });
});
