import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { chmod, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';

/** What the proxy does to the next answer (or any POST) it forwards. */
export type Fault = 'pass' | 'apply-then-drop' | 'hold';

export interface SeenRequest {
  method: string;
  path: string;
  body: string;
}

/**
 * An agent built to misbehave: a private socket in front of a real kit agent that forwards
 * everything, except that the next POST can be applied and its reply dropped, or held.
 */
export async function faultyProxy(agentSocket: string, proxySocket: string) {
  await mkdir(dirname(proxySocket), { recursive: true, mode: 0o700 });
  const seen: SeenRequest[] = [];
  let nextFault: Fault = 'pass';
  const held: (() => void)[] = [];
  const heldWaiters: (() => void)[] = [];

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method ?? 'GET', path: req.url ?? '', body: body.toString('utf8') });
      const fault = req.method === 'POST' ? nextFault : 'pass';
      if (req.method === 'POST') nextFault = 'pass';
      const forward = () => {
        const upstream = request({ socketPath: agentSocket, method: req.method, path: req.url, headers: req.headers }, (reply) => {
          const parts: Buffer[] = [];
          reply.on('data', (c: Buffer) => parts.push(c));
          reply.on('end', () => {
            if (fault === 'apply-then-drop') return req.socket.destroy(); // applied, and the reply is lost
            res.writeHead(reply.statusCode ?? 502, reply.headers).end(Buffer.concat(parts));
          });
        });
        upstream.on('error', () => req.socket.destroy());
        upstream.end(body);
      };
      if (fault === 'hold') {
        held.push(forward);
        for (const wake of heldWaiters.splice(0)) wake();
      } else forward();
    });
  });
  await new Promise<void>((r) => server.listen(proxySocket, r));
  await chmod(proxySocket, 0o600);
  return {
    seen,
    answers: () => seen.filter((r) => r.method === 'POST' && r.path.endsWith('/answer')),
    next(fault: Fault) {
      nextFault = fault;
    },
    /** Resolves once a request is held at the agent's door. */
    whenHeld: () => (held.length > 0 ? Promise.resolve() : new Promise<void>((wake) => heldWaiters.push(wake))),
    /** Lets held requests through to the agent (their replies go to whoever still listens). */
    release() {
      for (const forward of held.splice(0)) forward();
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
