import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { INVITATION_LIFETIME_WORDS } from '../../wire/pairing-link';
import { UsageError } from '../conformance/usage-error';
import { removeBridgeFile, writeBridgeFile } from './bridge-file';
import type { RunningBridge } from '../bridge';
import { FatalConfigError, loadSources, type AgentSource } from '../config/config';
import { openBridgeLog } from './bridge-log';
import { fatalLine, notRestartedLine, restartFailedLine } from './bridge-lines';
import { startDemoAgent } from './demo-agent';
import { loadBridgeEnv } from './env-file';
import { parseOptions } from './parse-options';
import { INSTALL } from '../config/install-paths';
import { bridgePaths } from '../config/paths';
import { checkPortFree } from './port-check';
import { askBridge } from './running-bridge';
import { isLoopback, serveOptions } from './serve-options';
import { terminalQr } from './terminal-qr';

const DEFAULT_PORT = 8787;
/** The bundled agent `--demo` starts: it shows every part of the wire. */
const DEMO_AGENT = 'desk';

const print = (line: string) => console.log(line);
const printError = (line: string) => console.error(line);

/**
 * `collie start`: runs the bridge, leaves `<state>/bridge.json` for the other verbs, and on
 * SIGUSR2 (`collie restart`) re-reads sources.json and starts its pollers and phone server again
 * on the same port. The demo agent keeps running across restarts. Every line it prints also goes
 * to `<state>/bridge.log` (`collie logs`). Resolves -1 while it runs, or 1 after a FATAL line.
 */
export async function startCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseOptions(args, {
    port: { type: 'string' },
    host: { type: 'string' },
    demo: { type: 'boolean' },
    'tls-cert': { type: 'string' },
    'tls-key': { type: 'string' },
    'public-origin': { type: 'string', multiple: true },
  });
  if (positionals.length > 0) throw new UsageError('takes no arguments');
  // The bridge's modules (its phone server, pollers, push) load while this process checks the
  // port and the demo agent starts in its own process: a cold start pays for the slower of the
  // two, not for both.
  const bridgeModule = import('../bridge');
  bridgeModule.catch(() => {}); // a failure is met where it is awaited
  const port = values.port === undefined ? DEFAULT_PORT : /^\d{1,5}$/.test(values.port) ? Number(values.port) : NaN;
  if (!(port >= 0 && port <= 65535)) throw new UsageError('--port must be a port number from 0 to 65535');
  const host = values.host ?? '127.0.0.1';
  const paths = bridgePaths();

  // A second bridge on one state folder would share its caches and receipts and take over
  // bridge.json; its FATAL line stays out of the first one's log.
  const running = await askBridge(paths.stateDir).catch((err: unknown) => {
    printError(fatalLine(err));
    return null;
  });
  if (!running) return 1;
  if (running.running) {
    printError(fatalLine(`a bridge already runs for ${paths.stateDir} (pid ${running.file.pid}, ${running.file.url}): stop it first, or give this one its own COLLIE_STATE_DIR`));
    return 1;
  }
  const logFile = await openBridgeLog(paths.stateDir, printError).catch((err: unknown) => {
    printError(fatalLine(err));
    return null;
  });
  if (!logFile) return 1;
  const log = (line: string) => {
    print(line);
    logFile.write(line);
  };
  const fatal = (err: unknown) => {
    const line = fatalLine(err);
    printError(line);
    logFile.write(line);
  };

  const stops: (() => Promise<void>)[] = [];
  /** Stops the demo agent and waits (a few seconds at most) until it has saved its data and exited. */
  const stopDemo = async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  };
  let demo: AgentSource | undefined;
  /** sources.json as read strictly, plus the demo agent; a clash with the demo's name stops. */
  const withDemo = (loaded: { sources: AgentSource[]; durable: boolean }) => {
    if (!values.demo) return loaded;
    if (loaded.sources.some((s) => s.name === DEMO_AGENT)) throw new FatalConfigError(`--demo: an agent named "${DEMO_AGENT}" is already attached`);
    return { sources: demo ? [...loaded.sources, demo] : loaded.sources, durable: true };
  };
  // `.env` is read again on every restart, so a new token there takes effect with collie restart.
  // The certificate files too, so a renewed certificate takes effect with collie restart.
  const readSources = async () => {
    const env = await loadBridgeEnv(paths.configDir, process.env, log);
    const serve = await serveOptions({ certFile: values['tls-cert'], keyFile: values['tls-key'], origins: values['public-origin'] ?? [] }, env);
    return { ...withDemo(await loadSources(paths.configDir, env, log)), auditContent: env.COLLIE_AUDIT_CONTENT, ...serve };
  };

  let bridge: RunningBridge | undefined;
  let sources: AgentSource[];
  let demoListening: Promise<void> | undefined;
  try {
    // The port and sources.json first: a failure then never leaves a demo agent running, and
    // never lets it take the socket of a bridge already running.
    await checkPortFree(port, host);
    const first = await readSources();
    if (values.demo) {
      const started = await startDemoAgent(paths.stateDir, DEMO_AGENT, log);
      stops.push(started.stop);
      demoListening = started.listening;
      demo = { name: started.name, address: { kind: 'socket', path: started.socket } };
      first.sources.push(demo);
    }
    sources = first.sources;
    const { startBridge } = await bridgeModule;
    // The bridge listens while the demo agent starts; it reads the agents once the demo is up.
    bridge = await startBridge({ ...first, stateDir: paths.stateDir, host, port, log, ...(demoListening ? { pollAfter: demoListening } : {}) });
    await writeBridgeFile(paths.stateDir, { pid: process.pid, url: bridge.url });
  } catch (err) {
    await stopDemo();
    await bridge?.close().catch((closing: unknown) => log(`[bridge] stopping: ${closing instanceof Error ? closing.message : String(closing)}`));
    fatal(err);
    return 1;
  }
  let current = bridge;
  // A restart keeps the port the first start got, even when --port 0 let the system pick it.
  const boundPort = Number(new URL(current.url).port);
  log(`[bridge] ${sources.length} durable agent(s): ${names(sources)}`);
  if (!current.url.startsWith('https:') && !isLoopback(host) && current.origin === current.url.slice(0, -1)) {
    log(`[bridge] warning: plain HTTP on ${host}: a phone needs HTTPS to install the app, keep it offline and get notifications (see "Open it on your phone" in the README)`);
  }
  // A fresh clone has only the bridge compiled (npm ci): the link would open a 404.
  if (!existsSync(join(INSTALL.appDir, 'index.html'))) log('[bridge] warning: the phone app is not built, so the link opens nothing yet: npm run build');
  showWayIn(current, log, logFile.write.bind(logFile));

  let closing = false;
  const restart = async () => {
    if (closing) return;
    let next: Awaited<ReturnType<typeof readSources>>;
    try {
      next = await readSources();
    } catch (err) {
      // A typo in sources.json must not take down a bridge that works: keep serving, say why.
      log(notRestartedLine(err, current.agents.size));
      return;
    }
    await current.close();
    try {
      current = await (await bridgeModule).startBridge({ ...next, stateDir: paths.stateDir, host, port: boundPort, log });
    } catch (err) {
      log(restartFailedLine(err));
      await finish(1);
      return;
    }
    sources = next.sources;
    log(`[bridge] restarted: ${sources.length} durable agent(s): ${names(sources)}`);
  };
  const finish = async (code: number) => {
    closing = true;
    await stopDemo();
    try {
      await current.close();
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
  // A demo agent that does not come up stops the bridge, as a FATAL line, even after the link.
  demoListening?.catch((err: unknown) =>
    enqueue(async () => {
      fatal(err);
      await finish(1);
    }),
  );
  const shutdown = () => enqueue(() => finish(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  return -1;
}

const names = (sources: AgentSource[]) => sources.map((s) => s.name).join(', ') || 'none';

/**
 * The link to open. While no device is paired it is a one-time pairing link (the secret in its
 * fragment), printed to the terminal only, never to bridge.log; once one is, the plain address.
 */
function showWayIn(bridge: RunningBridge, log: (line: string) => void, logOnly: (line: string) => void): void {
  const plain = `[bridge] Open ${bridge.origin}/ on your phone`;
  if (bridge.devices.list().length > 0) {
    log(plain);
    print('[bridge] collie pair pairs another phone');
    return;
  }
  logOnly(plain);
  const { link } = bridge.invite();
  if (process.stdout.isTTY) print(terminalQr(link));
  print(`[bridge] Open ${link} on your phone`);
  print(`[bridge] That link pairs the phone that opens it; it works once, for ${INVITATION_LIFETIME_WORDS} (collie pair makes another).`);
}
