import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, wireCall, type TempDir } from './testing';

const BIN = fileURLToPath(new URL('./bin.mjs', import.meta.url));

let dir: TempDir;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(() => dir.cleanup());

describe('a demo agent stopped with SIGTERM', () => {
  it('saves its data folder before it exits, so a chat opened just before the stop is kept', async () => {
    const socket = join(dir.path, 'run', 'desk.sock');
    const data = join(dir.path, 'data');
    const child = spawn(process.execPath, [BIN, 'desk', '--data', data], { env: { ...process.env, COLLIE_DURABLE_SOCKET: socket }, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      let seen = '';
      child.stdout.on('data', (chunk: Buffer) => {
        seen += chunk.toString('utf8');
        if (seen.includes('listening ')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the desk demo exited (${code}) before it listened`)));
    });
    const started = await wireCall(socket, 'POST', '/starter/new-chat', { requestId: 'r-stop-1' });
    expect(started.status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const saved = JSON.parse(await readFile(join(data, 'conversations.json'), 'utf8')) as { id: string; state: string }[];
    expect(saved).toContainEqual(expect.objectContaining({ id: started.json.conversationId, state: 'open' }));
  });
});
