/** Helpers for tests that run agents on real sockets. Not used by the kit itself. */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TempDir {
  path: string;
  cleanup(): Promise<void>;
}

/** A fresh 0700 folder under the system temp folder (sticky /tmp is allowed above a socket). */
export async function tempDir(): Promise<TempDir> {
  const path = await mkdtemp(join(tmpdir(), 'collie-test-'));
  return { path, cleanup: () => rm(path, { recursive: true, force: true }) };
}

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
}

/** One raw HTTP exchange over a Unix socket, with no help from the bridge. */
export function rawCall(socketPath: string, method: string, path: string, options: { headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, method, path, headers: { host: 'agent', ...options.headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** rawCall with the version header, as every call but the first hello carries it. */
export function wireCall(socketPath: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<RawReply> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const allHeaders: Record<string, string> = { 'x-collie-session': '1', ...headers };
  if (text !== undefined) allHeaders['content-type'] = 'application/json';
  return rawCall(socketPath, method, `/session/v1${path}`, { headers: allHeaders, body: text });
}

/**
 * Leaves a socket file nobody listens on, as a crash does: Node removes its own socket on a
 * clean close, so a child listens and is killed with SIGKILL.
 */
export async function staleSocket(socketPath: string): Promise<void> {
  const script = `require('node:net').createServer().listen(${JSON.stringify(socketPath)}, () => process.kill(process.pid, 'SIGKILL'))`;
  const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
}
