import { parseArgs } from 'node:util';
import { removeBridgeFile, writeBridgeFile } from './bridge-file';
import { startBridge, type RunningBridge } from '../bridge';
import { FatalConfigError, loadSources, type AgentSource } from '../config/config';
import { startDemoAgent } from './demo-agent';
import { loadBridgeEnv } from './env-file';
import { bridgePaths } from '../config/paths';

const DEFAULT_PORT = 8787;
/** The bundled agent `--demo` starts: it shows every part of the wire. */
const DEMO_AGENT = 'desk';

/**
 * `collie start`: runs the bridge, leaves `<state>/bridge.json` for the other verbs, and on
 * SIGUSR2 (`collie restart`) re-reads sources.json and starts its pollers and phone server again
 * on the same port. The demo agent keeps running across restarts.
 */
export async function startCommand(args: string[], log: (line: string) => void): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { port: { type: 'string' }, host: { type: 'string' }, demo: { type: 'boolean' } },
    strict: true,
  });
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new FatalConfigError(`--port must be a port number, not "${values.port}"`);
  const host = values.host ?? '127.0.0.1';
  const paths = bridgePaths();
  const stops: (() => void)[] = [];
  let demo: AgentSource | undefined;

  /** sources.json as read strictly, plus the demo agent; a clash with the demo's name stops. */
  const withDemo = (loaded: { sources: AgentSource[]; durable: boolean }) => {
    if (!values.demo) return loaded;
    if (loaded.sources.some((s) => s.name === DEMO_AGENT)) throw new FatalConfigError(`--demo: an agent named "${DEMO_AGENT}" is already attached`);
    return { sources: demo ? [...loaded.sources, demo] : loaded.sources, durable: true };
  };
  // `.env` is read again on every restart, so a new token there takes effect with collie restart.
  const readSources = async () => {
    const env = await loadBridgeEnv(paths.configDir, process.env, log);
    return { ...withDemo(await loadSources(paths.configDir, env, log)), auditContent: env.COLLIE_AUDIT_CONTENT };
  };

  const first = await readSources(); // before the demo starts, so a clash never leaves one running
  if (values.demo) {
    const started = await startDemoAgent(paths.stateDir, DEMO_AGENT, log);
    stops.push(started.stop);
    demo = { name: started.name, address: { kind: 'socket', path: started.socket } };
    first.sources.push(demo);
  }
  const stopDemo = () => {
    for (const stop of stops) stop();
  };
  let sources = first.sources;
  let bridge = await startBridge({ ...first, stateDir: paths.stateDir, host, port, log }).catch((err: unknown) => {
    stopDemo(); // never leave a demo agent running behind a failed start
    throw err;
  });
  // A restart keeps the port the first start got, even when --port 0 let the system pick it.
  const boundPort = Number(new URL(bridge.url).port);
  await writeBridgeFile(paths.stateDir, { pid: process.pid, url: bridge.url }).catch(async (err: unknown) => {
    stopDemo();
    await bridge.close();
    throw err;
  });
  log(`[bridge] ${sources.length} durable agent(s): ${names(sources)}`);
  log(`[bridge] Open ${bridge.url} on your phone`);

  let closing = false;
  const restart = async () => {
    if (closing) return;
    let next: Awaited<ReturnType<typeof readSources>>;
    try {
      next = await readSources();
    } catch (err) {
      // A typo in sources.json must not take down a bridge that works: keep serving, say why.
      const why = err instanceof FatalConfigError ? err.message : String(err);
      log(`[bridge] not restarted: ${why}; still serving ${bridge.agents.size} durable agent(s)`);
      return;
    }
    await bridge.close();
    let restarted: RunningBridge;
    try {
      restarted = await startBridge({ ...next, stateDir: paths.stateDir, host, port: boundPort, log });
    } catch (err) {
      log(`[bridge] FATAL: the restart failed: ${err instanceof Error ? err.message : String(err)}`);
      await finish(1);
      return;
    }
    bridge = restarted;
    sources = next.sources;
    log(`[bridge] restarted: ${sources.length} durable agent(s): ${names(sources)}`);
  };
  const finish = async (code: number) => {
    closing = true;
    stopDemo();
    try {
      await bridge.close();
      await removeBridgeFile(paths.stateDir);
    } catch (err) {
      // Exit all the same: a bridge that cannot close cleanly must not linger half-stopped.
      log(`[bridge] stopping: ${err instanceof Error ? err.message : String(err)}`);
      code = 1;
    }
    process.exit(code);
  };

  // One change at a time: a restart waits for the one before it, and shutdown for both.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (task: () => Promise<void>) => {
    queue = queue.then(task).catch((err: unknown) => log(`[bridge] ${err instanceof Error ? err.message : String(err)}`));
  };
  process.on('SIGUSR2', () => enqueue(restart));
  const shutdown = () => enqueue(() => finish(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

const names = (sources: AgentSource[]) => sources.map((s) => s.name).join(', ') || 'none';
