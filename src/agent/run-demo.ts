/** `node src/agent/bin.mjs <hello|desk|bench> [--repeat] [--data <folder>] [--items N]`: runs a bundled demo agent. */
import { runBench } from './demos/bench';
import { runDesk } from './demos/desk';
import { runHello } from './demos/hello';
import type { Collie } from './kit';

interface DemoOptions {
  repeat: boolean;
  dataDir?: string;
  items?: number;
}

/** A demo that keeps running returns its agent, so a stop can save its data folder first. */
const demos: Record<string, (socket: string, options: DemoOptions) => Promise<Collie | void>> = {
  hello: runHello,
  desk: (socket, options) => runDesk(socket, options),
  bench: (socket, options) => runBench(socket, options),
};

function socketPath(name: string): string {
  if (process.env.COLLIE_DURABLE_SOCKET) return process.env.COLLIE_DURABLE_SOCKET;
  const runtimeDir = process.env.XDG_RUNTIME_DIR;
  if (!runtimeDir) {
    console.error('Set COLLIE_DURABLE_SOCKET to an absolute socket path (XDG_RUNTIME_DIR is not set).');
    process.exit(2);
  }
  return `${runtimeDir}/${name}/app.sock`;
}

const [name = 'hello', ...flags] = process.argv.slice(2);
const run = demos[name];
if (!run) {
  console.error(`unknown demo agent "${name}"; known: ${Object.keys(demos).join(', ')}`);
  process.exit(2);
}
const dataAt = flags.indexOf('--data');
const dataDir = dataAt >= 0 ? flags[dataAt + 1] : undefined;
const itemsAt = flags.indexOf('--items');
const items = itemsAt >= 0 ? Number(flags[itemsAt + 1]) : undefined;
const fail = (err: unknown) => {
  console.error(`[agent] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
};

/** SIGTERM (how the bridge stops its demo) and Ctrl-C close the agent, which saves its data first. */
function closeOnSignal(collie: Collie): void {
  const stop = () => void collie.close().then(() => process.exit(0), fail);
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

run(socketPath(name), { repeat: flags.includes('--repeat'), ...(dataDir ? { dataDir } : {}), ...(items ? { items } : {}) }).then((collie) => {
  if (collie) closeOnSignal(collie);
}, fail);
