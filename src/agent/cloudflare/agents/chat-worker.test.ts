import { describe, expect, it } from 'vitest';
import { WIRE_PREFIX } from '../../../wire/agent-paths';
import { collieChatWorker } from './chat-worker';

const ENV = { COLLIE_TOKEN: 't'.repeat(40) };
const get = (worker: ReturnType<typeof collieChatWorker>, path: string) => worker.fetch(new Request(`https://helper.example${path}`), ENV, {});

describe('the Worker in front of an Agents SDK agent', () => {
  it('refuses the wire without the token, before it reaches (or even loads) the agent', async () => {
    const worker = collieChatWorker({ binding: 'HELPER' });
    for (const path of [`${WIRE_PREFIX}/hello`, `${WIRE_PREFIX}/snapshot`, '/agents/helper/agent']) {
      const reply = await get(worker, path);
      expect([reply.status, await reply.json()]).toEqual([401, { code: 'unauthorized' }]);
    }
  });

  it('with otherwise, leaves every path outside the wire to what the Worker served before, and still guards the wire', async () => {
    const seen: string[] = [];
    const worker = collieChatWorker({
      binding: 'HELPER',
      otherwise: (request) => {
        seen.push(new URL(request.url).pathname);
        return new Response('theirs');
      },
    });
    expect(await (await get(worker, '/agents/helper/agent/get-messages')).text()).toBe('theirs');
    expect(await (await get(worker, '/session/v10/hello')).text()).toBe('theirs');
    expect((await get(worker, `${WIRE_PREFIX}/hello`)).status).toBe(401);
    expect(seen).toEqual(['/agents/helper/agent/get-messages', '/session/v10/hello']);
  });
});
