import { chmod, mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCollie, type Collie } from '../../agent/kit';
import { tempDir, type TempDir } from '../../agent/testing';
import { runCli } from '../testing/cli-harness';
import { durableMain, parseCheckArgs } from './check-cli';
import { UsageError, type CliIo } from './usage-error';

const TOKEN = 'cli-token-8e2b4d6f0a1c3e5b7d9f1a3c5e7b9d0f';

function io(env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const sink: CliIo = { out: (t) => out.push(t), err: (t) => err.push(t), env };
  return { sink, out, err };
}

function usageError(args: string[], env: NodeJS.ProcessEnv = {}): string {
  try {
    parseCheckArgs(args, env);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error('expected a usage error');
}

describe('collie durable (verbs)', () => {
  it('prints help and exits 2 with no verb or an unknown one', async () => {
    for (const args of [[], ['attach-everything']]) {
      const { sink, out, err } = io();
      expect(await durableMain(args, sink)).toBe(2);
      expect(err.join('')).toContain('collie durable check <socket-path | url>');
      expect(out).toEqual([]);
    }
  });

  it('exits 2 on a usage error of check, before dialing anything', async () => {
    const { sink, err } = io();
    expect(await durableMain(['check'], sink)).toBe(2);
    expect(err.join('')).toMatch(/^collie durable check: give exactly one socket path or URL/);
  });
});

describe('parseCheckArgs', () => {
  it('reads a socket path and the options', () => {
    expect(parseCheckArgs(['/run/agent.sock', '--writes', '--wait-ready-ms', '250'], {})).toEqual({
      target: { kind: 'socket', path: '/run/agent.sock' },
      writes: true,
      waitReadyMs: 250,
    });
    expect(parseCheckArgs(['/run/agent.sock'], {})).toMatchObject({ writes: false, waitReadyMs: 5000 });
  });

  it('reads a URL’s token from the named variable only', () => {
    expect(parseCheckArgs(['https://agent.example', '--token-env', 'AGENT_TOKEN'], { AGENT_TOKEN: ` ${TOKEN}\n` })).toEqual({
      target: { kind: 'url', url: 'https://agent.example', token: TOKEN },
      writes: false,
      waitReadyMs: 5000,
    });
    expect(usageError(['https://agent.example'])).toBe('a URL needs --token-env VAR, the environment variable that holds its token');
    expect(usageError(['https://agent.example', '--token-env', 'NOPE'])).toBe('the environment variable NOPE is not set');
    expect(usageError(['https://agent.example', '--token-env', 'T'], { T: 'short' })).toBe('the token in T: the token is shorter than 32 bytes');
    expect(usageError(['/run/agent.sock', '--token-env', 'T'])).toBe('--token-env goes with a URL only; a socket has no token');
  });

  it('refuses a bad address by the bridge’s own rules', () => {
    expect(usageError(['http://example.com:8080', '--token-env', 'T'])).toMatch(/^the URL must start with https:\/\//);
    expect(usageError([`/${'x'.repeat(120)}`])).toBe('the socket path is over 103 bytes');
    expect(usageError(['/a', '/b'])).toBe('give exactly one socket path or URL');
    expect(usageError(['/a', '--wait-ready-ms', 'soon'])).toMatch(/^--wait-ready-ms must be a whole number/);
  });

  it('never echoes a token given on the command line by mistake', () => {
    const messages = [
      usageError(['https://agent.example', '--token', TOKEN]),
      usageError([`--token=${TOKEN}`, 'https://agent.example']),
      usageError(['https://agent.example', TOKEN]),
      usageError(['https://agent.example', '--token-env', TOKEN]),
      usageError(['https://agent.example', '--token-env', TOKEN.replace(/-/g, '_')]),
    ];
    expect(messages[0]).toBe('unknown option --token');
    for (const message of messages) {
      expect(message).not.toContain(TOKEN);
      expect(message).not.toContain(TOKEN.replace(/-/g, '_'));
    }
  });
});

/** The real command, as a user runs it, against agents in this process. */
describe('collie durable check (the real CLI)', () => {
  let dir: TempDir;
  let collie: Collie | undefined;
  let server: Server | undefined;

  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(async () => {
    await collie?.close();
    collie = undefined;
    if (server) await new Promise<void>((r) => server!.close(() => r()));
    server = undefined;
    await dir.cleanup();
  });

  it('exits 0 and prints one line per rule against a kit agent', async () => {
    const socket = join(dir.path, 'run', 'agent.sock');
    collie = await openCollie({ socket, hostName: 'edge', caps: { asks: true }, log: () => {} });
    const pane = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'P' });
    pane.item({ id: 'i1', kind: 'reply', text: 'hi' });
    pane.ask({ kind: 'choice', toolCallId: 'tc', title: 'Q?', multiple: false, options: [{ id: 'y', label: 'Yes' }] }).catch(() => {});
    collie.ready();
    const { code, stdout, stderr } = await runCli(['durable', 'check', socket, '--writes']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    for (const line of lines) expect(line).toMatch(/^(ok {3}|skip )\S/);
    expect(lines).toContain('ok   hello: service is exactly collie-durable');
    expect(lines).toContain('ok   snapshot: 304 with no body for If-None-Match with the ETag');
    expect(lines).toContain('ok   answer: 200 too-late for an unknown ask');
    expect(lines).toContain('ok   gate: POST /pane/:id/send is 404 not-found without cap send');
  });

  it('exits 1 with a FAIL line against a broken agent, and never prints the token', async () => {
    // Not a durable agent at all, and it takes any caller: the check must say both.
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ service: 'something-else' }));
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    const { code, stdout } = await runCli(['durable', 'check', `http://127.0.0.1:${port}`, '--token-env', 'CHECK_TOKEN'], { CHECK_TOKEN: TOKEN });
    expect(code).toBe(1);
    expect(stdout).toContain('FAIL hello: service is exactly collie-durable: service is "something-else"\n');
    expect(stdout).toContain('FAIL token: exactly 401 {"code":"unauthorized"} without a token: hello: expected 401, got 200 {"service":"something-else"}\n');
    expect(stdout).not.toContain(TOKEN);
  });

  it('exits 2 for durable without a verb', async () => {
    const { code, stderr } = await runCli(['durable']);
    expect(code).toBe(2);
    expect(stderr).toContain('collie durable check');
  });

  it('checks a socket that is not private and says why', async () => {
    const folder = join(dir.path, 'open');
    await mkdir(folder, { mode: 0o700 });
    const socket = join(folder, 'agent.sock');
    collie = await openCollie({ socket, hostName: 'edge', caps: { asks: true }, log: () => {} });
    collie.ready();
    await chmod(folder, 0o755);
    const { code, stdout } = await runCli(['durable', 'check', socket]);
    expect(code).toBe(1);
    expect(stdout).toContain(
      `FAIL socket: private folder 0700 and socket 0600, no symlink on the way: socket-not-private: the socket's folder ${folder} has mode 0755, not 0700\n`,
    );
  });

  it('given a folder, says it is a folder, not a socket (not "connection refused")', async () => {
    const folder = join(dir.path, 'a-folder');
    await mkdir(folder, { mode: 0o700 });
    const { code, stdout } = await runCli(['durable', 'check', folder]);
    expect(code).toBe(1);
    expect(stdout).toContain(`${folder} is a folder, not a socket`);
    expect(stdout).not.toContain('connection refused');
  });
});
