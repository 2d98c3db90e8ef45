import { describe, expect, it } from 'vitest';
import { UsageError } from '../conformance/usage-error';
import { parseAttachArgs, parseDetachArgs, parseListArgs } from './durable-args';

const TOKEN = 'args-token-8e2b4d6f0a1c3e5b7d9f1a3c5e7b9d0f';

function usage(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error('expected a usage error');
}
const attachUsage = (args: string[], env: NodeJS.ProcessEnv = {}, platform: NodeJS.Platform = 'linux') => usage(() => parseAttachArgs(args, env, platform));

describe('parseAttachArgs', () => {
  it('reads a socket entry', () => {
    expect(parseAttachArgs(['desk', '--socket', '/run/user/1000/desk/app.sock'], {})).toEqual({
      entry: { name: 'desk', kind: 'durable', socket: '/run/user/1000/desk/app.sock' },
      restart: false,
    });
    expect(parseAttachArgs(['--restart', 'desk', '--socket=/s'], {}).restart).toBe(true);
  });

  it('reads a URL entry with its token from the named variable, trimmed', () => {
    expect(parseAttachArgs(['edge', '--url', 'https://edge.example.com', '--token-env', 'EDGE_TOKEN'], { EDGE_TOKEN: ` ${TOKEN}\n` })).toEqual({
      entry: { name: 'edge', kind: 'durable', url: 'https://edge.example.com', token: TOKEN },
      restart: false,
    });
  });

  it('checks name, socket path, URL and token by the bridge’s rules', () => {
    expect(attachUsage(['-bad', '--socket', '/s'])).toMatch(/^unknown option/);
    expect(attachUsage(['bad name', '--socket', '/s'])).toBe('a name is 1–64 letters, digits, "-" or "_", starting with a letter or digit');
    expect(attachUsage(['desk', '--socket', 'run/app.sock'])).toBe('the socket path must be absolute: run/app.sock');
    expect(attachUsage(['desk', '--socket', `/${'x'.repeat(120)}`])).toBe('the socket path is over 103 bytes');
    expect(attachUsage(['edge', '--url', 'http://edge.example.com', '--token-env', 'T'], { T: TOKEN })).toMatch(/^the URL must start with https:\/\//);
    expect(attachUsage(['edge', '--url', 'https://edge.example.com/?a=1', '--token-env', 'T'], { T: TOKEN })).toBe('the URL may not hold a query');
    expect(attachUsage(['edge', '--url', 'https://edge.example.com', '--token-env', 'T'], { T: 'short' })).toBe('the token in T: the token is shorter than 32 bytes');
  });

  it('needs exactly one address, and the variable set', () => {
    expect(attachUsage(['desk'])).toBe('give --socket <path>, or --url <url> with --token-env <VAR>');
    expect(attachUsage(['desk', '--socket', '/s', '--url', 'https://e.example'])).toBe('give --socket or --url, not both');
    expect(attachUsage(['desk', '--socket', '/s', '--token-env', 'T'])).toBe('--token-env goes with --url only; a socket has no token');
    expect(attachUsage(['edge', '--url', 'https://e.example'])).toBe('--url needs --token-env VAR, the environment variable that holds its token');
    expect(attachUsage(['edge', '--url', 'https://e.example', '--token-env', 'EDGE_TOKEN'])).toBe('the environment variable EDGE_TOKEN is not set');
    expect(attachUsage(['edge', '--url', 'https://e.example', '--token-env', 'EDGE_TOKEN'], { EDGE_TOKEN: '  ' })).toBe('the environment variable EDGE_TOKEN is not set');
    expect(attachUsage(['a', 'b', '--socket', '/s'])).toBe('give exactly one name');
  });

  it('sends Windows to the URL transport', () => {
    expect(attachUsage(['desk', '--socket', '/s'], {}, 'win32')).toBe('Windows has no socket transport: attach the durable agent with --url and --token-env');
  });

  it('never echoes a token given on the command line by mistake', () => {
    const messages = [
      attachUsage(['edge', '--url', 'https://e.example', '--token', TOKEN]),
      attachUsage(['edge', '--url', 'https://e.example', `--token=${TOKEN}`]),
      attachUsage(['edge', '--url', 'https://e.example', '--token-env', TOKEN]),
      attachUsage(['edge', TOKEN, '--url', 'https://e.example', '--token-env', 'T'], { T: TOKEN }),
      attachUsage(['edge', '--url', 'https://e.example', '--token-env']),
    ];
    expect(messages[0]).toBe('unknown option --token');
    for (const message of messages) expect(message).not.toContain(TOKEN);
  });
});

describe('parseDetachArgs and parseListArgs', () => {
  it('reads a name and --restart', () => {
    expect(parseDetachArgs(['desk'])).toEqual({ name: 'desk', restart: false });
    expect(parseDetachArgs(['desk', '--restart'])).toEqual({ name: 'desk', restart: true });
    expect(usage(() => parseDetachArgs([]))).toBe('give exactly one name');
    expect(usage(() => parseListArgs(['desk']))).toBe('list takes no arguments');
    expect(usage(() => parseListArgs(['--all']))).toBe('unknown option --all');
  });
});
