/**
 * `bun src/agent/acp/run-acp.ts --cwd DIR --socket PATH --data DIR [--name NAME] [--login WORDS] -- <command> [args…]`:
 * an ACP agent as a durable agent, as its own process (what `collie acp` starts). It prints
 * `listening <socket>` once the socket answers; SIGTERM or Ctrl-C close it (and the ACP agent).
 */
import { parseArgs } from 'node:util';
import { serveHosted } from '../serve-hosted';
import { openAcpAgent } from './acp-host';

const dash = process.argv.indexOf('--', 2);
const own = dash === -1 ? process.argv.slice(2) : process.argv.slice(2, dash);
const [command, ...args] = dash === -1 ? [] : process.argv.slice(dash + 1);
const { values } = parseArgs({
  args: own,
  options: { cwd: { type: 'string' }, socket: { type: 'string' }, data: { type: 'string' }, name: { type: 'string' }, login: { type: 'string' } },
  strict: true,
});
if (!values.cwd || !values.socket || !values.data || !command) {
  console.error('usage: run-acp.ts --cwd DIR --socket PATH --data DIR [--name NAME] [--login WORDS] -- <command> [args…]');
  process.exit(2);
}

await serveHosted(() =>
  openAcpAgent({
    agent: { command, args },
    cwd: values.cwd!,
    socket: values.socket!,
    dataDir: values.data!,
    hostName: values.name ?? 'acp',
    ...(values.login ? { loginHint: values.login } : {}),
  }),
);
