import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import type { DeviceJson } from '../../wire/pairing-json';
import { INSTALL } from '../config/install-paths';
import { runCli, startBridgeProcess, type BridgeProcess } from '../testing/cli-harness';
import { waitingRequest } from '../testing/paired';

/**
 * Issue #44's first attack, with real processes: a durable agent under Bun whose tool (its child,
 * no terminal) runs `collie pair`, `collie devices revoke` and `collie crew invite` against the
 * running bridge, and redeems a link the person made. Each change is refused at the control
 * socket; the redeemed link waits for the paired phone, which is shown where it was made and
 * refuses it.
 */
const AGENT = join(import.meta.dirname, 'testing', 'tool-agent.ts');

let dir: TempDir;
let env: NodeJS.ProcessEnv;
let bridge: BridgeProcess | undefined;
let agent: ChildProcess | undefined;
beforeEach(async () => {
  dir = await tempDir();
  env = { COLLIE_CONFIG_DIR: join(dir.path, 'config'), COLLIE_STATE_DIR: join(dir.path, 'state'), COLLIE_MUX: '', COLLIE_PROGRAMS: '' };
});
afterEach(async () => {
  agent?.kill('SIGTERM');
  await bridge?.stop();
  bridge = agent = undefined;
  await dir.cleanup();
});

/** Starts the agent; resolves with what its tool printed once the tool is done. */
function runAgent(socket: string, tool: string): Promise<string> {
  const child = spawn(INSTALL.bunBin, [AGENT, socket], { env: { ...process.env, ...env, COLLIE_TEST_TOOL: tool }, stdio: ['ignore', 'pipe', 'pipe'] });
  agent = child;
  let text = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const done = /tool-output:begin\n([\s\S]*)tool-output:end/.exec(text);
      if (done) resolve(done[1]!);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`the agent exited (${code}): ${text}`)));
  });
}

/** What the tool runs to open a link as a browser would: asks again while it is told to wait. */
const redeemScript = `
const url = new URL(process.env.LINK); const secret = new URLSearchParams(url.hash.slice(1)).get('pair');
(async () => { for (;;) {
  const res = await fetch(new URL('/api/pair', url.origin), { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'curl/8.5' }, body: JSON.stringify({ secret, name: 'my-phone' }) });
  const body = await res.json();
  if (res.status !== 202) { console.log('redeem', res.status, body.code ?? 'paired', res.headers.get('set-cookie') ? 'cookie' : 'no-cookie'); return; }
} })();`;

describe("an agent's own tools cannot get a device", () => {
  it('collie pair, devices revoke and crew invite are refused to the tool; a link it opens waits for the phone, which sees where it was made and refuses it', async () => {
    const socket = join(dir.path, 'run', 'coder.sock');
    await runCli(['durable', 'attach', 'coder', '--socket', socket], env);
    bridge = await startBridgeProcess(env);
    const phone = (JSON.parse((await runCli(['devices', '--json'], env)).stdout) as DeviceJson[])[0]!;
    // The person makes a link at their own terminal (this test's process is no agent's).
    const made = await runCli(['pair', '--name', 'my-phone'], env);
    expect(made.code).toBe(0);
    const link = /https?:\/\/\S+#pair=[A-Za-z0-9_-]+/.exec(made.stdout)![0];

    const cli = `'${process.execPath}' '${INSTALL.collieBin}'`;
    const tool = [
      `${cli} pair --name my-phone; echo "pair exit $?"`,
      `${cli} devices revoke ${phone.id}; echo "revoke exit $?"`,
      `${cli} crew invite; echo "invite exit $?"`,
      `LINK='${link}' '${process.execPath}' -e "${redeemScript.replace(/\n/g, ' ').replace(/"/g, '\\"')}"`,
    ].join('\n');
    const output = runAgent(socket, tool);

    const request = await waitingRequest(bridge.url, bridge.cookie, (r) => r.name === 'my-phone', undefined, 30_000);
    expect(request.made).toMatchObject({ by: 'collie pair', command: expect.stringContaining('pair --name my-phone') });
    expect(request.from).toEqual({ address: '127.0.0.1', browser: 'Browser' });
    const refused = await fetch(new URL(`/api/pairing/${request.id}`, bridge.url), {
      method: 'POST',
      headers: { cookie: bridge.cookie, 'content-type': 'application/json' },
      body: '{"allow":false}',
    });
    expect(await refused.json()).toEqual({ outcome: 'refused' });

    const said = await output;
    const refusal = /collie pair: refused: this was run by a process the durable agent coder started \(pid \d+\)/;
    expect(said).toMatch(refusal);
    expect(said).toMatch(/pair exit 1\n/);
    expect(said).toMatch(/collie devices: refused: this was run by a process the durable agent coder started/);
    expect(said).toMatch(/revoke exit 1\n/);
    expect(said).toMatch(/collie crew: refused: this was run by a process the durable agent coder started/);
    expect(said).toMatch(/invite exit 1\n/);
    expect(said).toContain('redeem 403 invitation-refused no-cookie');
    expect(said.slice(0, said.indexOf('invite exit'))).not.toContain('#pair='); // no link reached the tool
    expect((JSON.parse((await runCli(['devices', '--json'], env)).stdout) as DeviceJson[]).map((d) => d.name)).toEqual([phone.name]);
    const audit = await readFile(join(dir.path, 'state', 'audit.log'), 'utf8');
    expect(audit).toContain('"event":"device.pair-refused"');
    expect(audit).not.toContain('"event":"device.revoke"');
  }, 90_000);
});
