import { agentPath } from '../../wire/agent-paths';
import { isRecord } from '../../wire/read';
import { checkSocketPrivacy } from '../link/socket-privacy';
import type { WireResponse } from '../link/transport';
import { wrongToken, type Auth } from './check-call';
import { describeReply, fail, skip, type CheckContext, type Rule } from './rule';

/** The one refusal the token transport allows, byte for byte (WIRE.md §1). */
const UNAUTHORIZED = '{"code":"unauthorized"}';

function expectUnauthorized(res: WireResponse, what: string): void {
  if (res.status !== 401) fail(`${what}: expected 401, got ${describeReply(res)}`);
  const body = res.raw.toString('utf8');
  if (body === UNAUTHORIZED) return;
  // Name what is too much: a message or a hint is exactly what must not be there.
  const beside = isRecord(res.json) ? Object.keys(res.json).filter((key) => key !== 'code') : [];
  const named = beside.length > 0 ? ` (no field beside code: ${beside.join(', ')})` : '';
  fail(`${what}: the body must be exactly ${UNAUTHORIZED}${named}, got ${describeReply(res)}`);
}

/**
 * The token is checked first, before version, hello and readiness: so hello, a call without
 * the version header and an unknown path all get the same bare 401. The socket transport has no
 * token, but an agent serving both transports from one program may check a token presented on its
 * socket too: when it refuses a wrong one, its 401 is held to the same bytes.
 */
async function expectRefusedToken(ctx: CheckContext, auth: Auth): Promise<void> {
  if (ctx.target.kind !== 'url') {
    if (auth === 'none') skip('the socket transport has no token');
    const res = await ctx.call({ path: agentPath('hello'), version: null, headers: { authorization: `Bearer ${wrongToken()}` } });
    if (res.status !== 401) skip('the socket transport has no token (the agent ignored a wrong one)');
    return expectUnauthorized(res, 'hello over the socket with a wrong token');
  }
  expectUnauthorized(await ctx.call({ path: agentPath('hello'), version: null, auth }), 'hello');
  expectUnauthorized(await ctx.call({ path: agentPath('snapshot'), version: null, auth }), 'snapshot without the version header');
  expectUnauthorized(await ctx.call({ path: agentPath('snapshot'), auth }), 'snapshot');
  expectUnauthorized(await ctx.call({ path: '/conformance-no-such-route', auth }), 'an unknown path');
}

/** Who may reach the agent at all (WIRE.md §1). */
export const transportRules: Rule[] = [
  {
    name: 'socket: private folder 0700 and socket 0600, no symlink on the way',
    run: async (ctx) => {
      if (ctx.target.kind !== 'socket') skip('the token transport has no socket');
      const privacy = await checkSocketPrivacy(ctx.target.path);
      if (!privacy.ok) fail(privacy.reason);
    },
  },
  {
    name: 'token: exactly 401 {"code":"unauthorized"} without a token',
    run: (ctx) => expectRefusedToken(ctx, 'none'),
  },
  {
    name: 'token: exactly 401 {"code":"unauthorized"} with a wrong token',
    run: (ctx) => expectRefusedToken(ctx, 'wrong'),
  },
];
