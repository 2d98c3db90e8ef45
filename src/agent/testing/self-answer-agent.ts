/**
 * Test helper, run as its own process (`bun self-answer-agent.ts <socket>`, or under Node with
 * tsx): a kit agent that raises one permission card, then lets its own processes try to answer
 * it over its socket, as a coding agent's tools could. It prints one JSON line per try:
 *   - a child answering, and a grandchild answering after its parent exited (re-parented);
 *   - a child reading the snapshot.
 * Then it prints the answer the card got, and exits. With COLLIE_TEST_BRIDGE_STATE set it also
 * starts the bridge as its own child first (as a coding agent's tool running `collie start`
 * would), with that state folder: every tap through that bridge comes from the agent's tree.
 */
import { spawn, spawnSync } from 'node:child_process';
import { openCollie } from '../kit';

const [socket] = process.argv.slice(2);
if (!socket) throw new Error('usage: self-answer-agent.ts <socket>');

const callerCheck = process.env.COLLIE_TEST_CALLER_CHECK === 'off' ? 'off' : undefined;
const collie = await openCollie({ socket, hostName: 'selfie', caps: { asks: true }, ...(callerCheck ? { callerCheck } : {}) });
const pane = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Tools' });
const answered = pane.ask({
  kind: 'permission',
  toolCallId: 'rm-1',
  title: 'Run a command',
  tool: { name: 'bash', input: { command: 'rm -rf build/' } },
  options: [
    { id: 'allow', label: 'Allow', effect: 'allow' },
    { id: 'deny', label: 'Deny', effect: 'deny' },
  ],
});
collie.ready();
const ask = [...collie.state.panes.get('p')!.openAsks.values()][0]!.ask;

/** What one process of the agent's tree sends: a node one-liner speaking HTTP over the socket. */
const tryScript = (method: string, path: string, body?: unknown) => `
const req = require('node:http').request({ socketPath: ${JSON.stringify(socket)}, method: ${JSON.stringify(method)}, path: '/session/v1${path}',
  headers: { 'x-collie-session': '1', 'content-type': 'application/json' } }, (res) => {
  let text = ''; res.on('data', (c) => (text += c)); res.on('end', () => process.stdout.write(JSON.stringify({ status: res.statusCode, code: (JSON.parse(text || '{}').code ?? null) }) + '\\n'));
});
req.end(${body === undefined ? '' : JSON.stringify(JSON.stringify(body))});`;
const answerBody = (requestId: string) => ({ requestId, askId: ask.id, revision: ask.revision, answer: { optionIds: ['allow'] } });

function child(name: string, script: string): Promise<void> {
  return new Promise((resolve) => {
    const proc = spawn(process.env.COLLIE_TEST_NODE ?? 'node', ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    proc.on('exit', () => {
      console.log(JSON.stringify({ try: name, ...JSON.parse(out.trim() || '{}') }));
      resolve();
    });
  });
}

await child('child answers', tryScript('POST', '/pane/p/answer', answerBody('child-1')));
await child('child reads', tryScript('GET', '/snapshot'));
// A grandchild whose parent exits at once: it is re-parented, and must still be refused.
const outFile = `${socket}.grandchild`;
const scriptFile = `${socket}.grandchild.cjs`;
const { readFileSync, existsSync, writeFileSync } = await import('node:fs');
writeFileSync(scriptFile, tryScript('POST', '/pane/p/answer', answerBody('grandchild-1')));
spawnSync('sh', ['-c', `(sleep 0.3; '${process.env.COLLIE_TEST_NODE ?? 'node'}' '${scriptFile}' > '${outFile}') &`], { stdio: 'ignore' });
for (let i = 0; i < 100 && !(existsSync(outFile) && readFileSync(outFile, 'utf8').includes('\n')); i += 1) await new Promise((r) => setTimeout(r, 50));
console.log(JSON.stringify({ try: 'orphaned grandchild answers', ...JSON.parse(readFileSync(outFile, 'utf8').trim() || '{}') }));
const bridgeState = process.env.COLLIE_TEST_BRIDGE_STATE;
const bridge = bridgeState
  ? spawn(process.env.COLLIE_TEST_NODE ?? 'node', [new URL('../../bridge/bin.cjs', import.meta.url).pathname, 'start', '--port', '0'], {
      env: { ...process.env, COLLIE_STATE_DIR: bridgeState, COLLIE_CONFIG_DIR: `${bridgeState}-config`, COLLIE_DURABLE_SOCKET: socket, COLLIE_MUX: 'durable' },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
  : undefined;
console.log(`waiting ${ask.id} ${ask.revision}`);
const answer = await answered.catch((err: unknown) => ({ error: String(err) }));
console.log(JSON.stringify({ answer }));
bridge?.kill('SIGTERM');
await collie.close();
