/**
 * Test helper, run as its own process (`bun tool-agent.ts <socket>`): a kit agent with one
 * permission card open, whose "tool" then runs the shell command in COLLIE_TEST_TOOL as a coding
 * agent's `bash` tool would (its child, no terminal), and prints what it printed between
 * `tool-output:begin` and `tool-output:end`. It runs until it is stopped.
 */
import { spawn } from 'node:child_process';
import { openCollie } from '../../../agent/kit';

const [socket] = process.argv.slice(2);
if (!socket) throw new Error('usage: tool-agent.ts <socket>');
const collie = await openCollie({ socket, hostName: 'coder', caps: { asks: true } });
const pane = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Tools' });
void pane
  .ask({
    kind: 'permission',
    toolCallId: 'deploy-1',
    title: 'Deploy',
    tool: { name: 'bash', input: { command: './deploy.sh production' } },
    options: [
      { id: 'allow', label: 'Allow', effect: 'allow' },
      { id: 'deny', label: 'Deny', effect: 'deny' },
    ],
  })
  .then((answer) => console.log(`answered ${JSON.stringify(answer)}`));
collie.ready();
console.log(`listening ${socket}`);

const tool = spawn('sh', ['-c', process.env.COLLIE_TEST_TOOL ?? 'true'], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
let out = '';
tool.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
tool.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
tool.on('close', () => console.log(`tool-output:begin\n${out}tool-output:end`));
process.once('SIGTERM', () => void collie.close().then(() => process.exit(0)));
