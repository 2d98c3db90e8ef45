/** `node src/agent/bin.mjs <demo> [--repeat]`: runs one of the bundled demo agents. */
import { runHello } from './demos/hello';

const demos: Record<string, (socket: string, options: { repeat: boolean }) => Promise<void>> = { hello: runHello };

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
run(socketPath(name), { repeat: flags.includes('--repeat') }).catch((err: unknown) => {
  console.error(`[agent] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
