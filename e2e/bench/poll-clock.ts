/**
 * When the bridge reads the agent, on this process's clock: a pass-through proxy on a private
 * socket between the bridge and the kit agent that notes the moment of every snapshot read (each
 * poll begins with one). Write → row then splits into the wait for the next poll, which only the
 * poll's phase decides, and poll → row, which is where a chat's length can show.
 */
import { createServer, request } from 'node:http';
import { chmod, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { agentPath, WIRE_PREFIX } from '../../src/wire/agent-paths';
import { nodeNow } from './row-watch';

/** Snapshot reads kept: a few minutes of polls at 1 s. */
const KEPT = 4096;

export interface PollClock {
  /** The first poll that began at or after `time` (this process's clock); NaN if none yet. */
  firstPollAfter(time: number): number;
  close(): Promise<void>;
}

export async function pollClock(agentSocket: string, proxySocket: string): Promise<PollClock> {
  await mkdir(dirname(proxySocket), { recursive: true, mode: 0o700 });
  const polls: number[] = [];
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === `${WIRE_PREFIX}${agentPath('snapshot')}`) {
      polls.push(nodeNow());
      if (polls.length > KEPT) polls.splice(0, polls.length - KEPT);
    }
    const upstream = request({ socketPath: agentSocket, method: req.method, path: req.url, headers: req.headers }, (reply) => {
      res.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(res);
    });
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((r) => server.listen(proxySocket, r));
  await chmod(proxySocket, 0o600); // the bridge reads only a 0600 socket in a 0700 folder
  return {
    firstPollAfter: (time) => polls.find((t) => t >= time) ?? Number.NaN,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
