import { parseArgs } from 'node:util';
import { bridgePaths } from './paths';
import { FatalConfigError, loadSources } from './config';
import { startBridge } from './bridge';
import { startDemoAgent } from './demo-agent';
import { durableMain } from './check/check-cli';

const DEFAULT_PORT = 8787;
/** The bundled agent `--demo` starts: it shows every part of the wire. */
const DEMO_AGENT = 'desk';
const HELP = `collie — supervise durable agents from your phone

  collie start [--port N] [--host H] [--demo]   run the bridge and serve the phone (default)
  collie durable check <socket-path | url> [--token-env VAR] [--writes] [--wait-ready-ms N]
                                                check a live durable agent against WIRE.md
`;

const log = (line: string) => console.log(line);

async function start(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { port: { type: 'string' }, host: { type: 'string' }, demo: { type: 'boolean' } },
    strict: true,
  });
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new FatalConfigError(`--port must be a port number, not "${values.port}"`);
  const paths = bridgePaths();
  const { sources, durable } = await loadSources(paths.configDir, process.env, log);
  const stops: (() => void)[] = [];
  if (values.demo) {
    if (sources.some((s) => s.name === DEMO_AGENT)) throw new FatalConfigError(`--demo: an agent named "${DEMO_AGENT}" is already attached`);
    const demo = await startDemoAgent(paths.stateDir, DEMO_AGENT, log);
    stops.push(demo.stop);
    sources.push({ name: demo.name, address: { kind: 'socket', path: demo.socket } });
  }
  const bridge = await startBridge({ sources, durable: durable || !!values.demo, stateDir: paths.stateDir, host: values.host ?? '127.0.0.1', port, log }).catch((err: unknown) => {
    for (const stop of stops) stop(); // never leave a demo agent running behind a failed start
    throw err;
  });
  log(`[bridge] ${sources.length} durable agent(s): ${sources.map((s) => s.name).join(', ') || 'none'}`);
  log(`[bridge] Open ${bridge.url} on your phone`);
  const shutdown = () => {
    for (const stop of stops) stop();
    void bridge.close().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

export async function main(argv: string[]): Promise<number> {
  const [verb = 'start', ...rest] = argv;
  try {
    if (verb === 'start') {
      await start(rest);
      return -1; // keeps running
    }
    if (verb === 'durable') {
      return await durableMain(rest, {
        out: (text) => process.stdout.write(text),
        err: (text) => process.stderr.write(text),
        env: process.env,
      });
    }
    if (verb === 'help' || verb === '--help' || verb === '-h') {
      process.stdout.write(HELP);
      return 0;
    }
    process.stderr.write(HELP);
    return 2;
  } catch (err) {
    if (err instanceof FatalConfigError) {
      console.error(err.line);
      return 1;
    }
    console.error(`[bridge] FATAL: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

const code = await main(process.argv.slice(2));
if (code >= 0) process.exit(code);
