import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCollie, type Collie } from '../../agent/kit';
import { tempDir, type TempDir } from '../../agent/testing';
import { runCli } from '../testing/cli-harness';

/**
 * CI runs the real `collie durable check --writes` against the kit on both transports: the desk
 * demo (every cap declared) on a private socket, and a kit agent behind a token on loopback HTTP.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const AGENT = join(ROOT, 'src/agent/bin.mjs');
const TOKEN = 'demo-check-token-4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e';

let dir: TempDir;
let child: ChildProcess | undefined;
let collie: Collie | undefined;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => {
  child?.kill('SIGTERM');
  child = undefined;
  await collie?.close();
  collie = undefined;
  await dir.cleanup();
});

const check = (args: string[], env: NodeJS.ProcessEnv = {}) => runCli(['durable', 'check', ...args], env);

function waitForListening(proc: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    proc.stdout?.on('data', (c: Buffer) => {
      seen += c.toString();
      if (seen.includes('listening ')) resolve();
    });
    proc.once('exit', (code) => reject(new Error(`the desk agent exited (${code})`)));
  });
}

describe('collie durable check against the kit', () => {
  it('passes against the desk demo, every cap declared, writes included', async () => {
    const socket = join(dir.path, 'desk', 'app.sock');
    child = spawn(process.execPath, [AGENT, 'desk'], { env: { ...process.env, COLLIE_DURABLE_SOCKET: socket }, stdio: ['ignore', 'pipe', 'ignore'] });
    await waitForListening(child);
    const { code, stdout } = await check([socket, '--writes']);
    expect(stdout).not.toMatch(/^FAIL/m);
    expect(code).toBe(0);
    expect(stdout).toContain('ok   history: conversations page');
    expect(stdout).toMatch(/^ok {3}.*no-such-starter/m);
  });

  it('passes against a kit agent behind a token on loopback HTTP', async () => {
    collie = await openCollie({ port: 0, tokens: [TOKEN], hostName: 'edge', caps: { asks: true, history: true }, log: () => {} });
    const pane = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'P' });
    pane.ask({ kind: 'choice', toolCallId: 'tc', title: 'Q?', multiple: false, options: [{ id: 'y', label: 'Yes' }] }).catch(() => {});
    collie.ready();
    const { code, stdout } = await check([collie.address, '--token-env', 'EDGE_TOKEN', '--writes'], { EDGE_TOKEN: TOKEN });
    expect(stdout).not.toMatch(/^FAIL/m);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ok {3}.*401/m);
    expect(stdout).not.toContain(TOKEN);
  });
});
