import { createServer } from 'node:net';

/** The port `collie start` was given is taken (or cannot be had): nothing has started yet. */
export class PortUnavailable extends Error {}

/**
 * Binds the port for a moment and lets it go, so `collie start` fails on a taken port before it
 * starts anything (a demo agent above all). Port 0 always binds. A program that takes the port
 * in between still fails the bridge's own listen, which stops whatever had started.
 */
export async function checkPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return;
  const server = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port, host, exclusive: true }, () => resolve());
    });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new PortUnavailable(`port ${port} on ${host} is in use (is collie start already running?): stop that, or give another --port`);
    throw new PortUnavailable(`cannot listen on ${host} port ${port} (${code ?? (err as Error).message})`);
  }
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
