import { parseArgs } from 'node:util';
import { checkSocketPath, checkToken, checkUrl } from '../config/source-rules';
import type { CheckTarget } from './check-call';
import { runCheck } from './run-check';

export const DURABLE_HELP = `collie durable — durable agents

  collie durable check <socket-path | url> [--token-env VAR] [--writes] [--wait-ready-ms N]
      checks a live durable agent against every WIRE.md rule that can be seen from outside;
      prints one line per rule (ok, FAIL or skip) and exits 1 when any rule fails.
      --token-env VAR    a URL's token is read from the environment variable VAR, never
                         from the command line
      --writes           also send writes (each one an agent must refuse, so nothing runs)
      --wait-ready-ms N  how long to wait for the agent to be ready (default 5000)
`;

const DEFAULT_WAIT_READY_MS = 5000;
const MAX_WAIT_READY_MS = 600000;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  env: NodeJS.ProcessEnv;
}

/** A mistake in how the command was called: exit 2. Its message never quotes an argument's value. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface CheckArgs {
  target: CheckTarget;
  writes: boolean;
  waitReadyMs: number;
}

/** `collie durable <verb> …`: only `check` so far; no verb or an unknown one is a usage error. */
export async function durableMain(args: string[], io: CliIo): Promise<number> {
  const [verb, ...rest] = args;
  if (verb === 'check') return durableCheck(rest, io);
  if (verb === 'help' || verb === '--help' || verb === '-h') {
    io.out(DURABLE_HELP);
    return 0;
  }
  io.err(DURABLE_HELP);
  return 2;
}

export async function durableCheck(args: string[], io: CliIo): Promise<number> {
  let parsed: CheckArgs;
  try {
    parsed = parseCheckArgs(args, io.env);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.err(`collie durable check: ${err.message}\n\n${DURABLE_HELP}`);
    return 2;
  }
  const { failed } = await runCheck({ ...parsed, onLine: (line) => io.out(`${line}\n`) });
  return failed ? 1 : 0;
}

export function parseCheckArgs(args: string[], env: NodeJS.ProcessEnv): CheckArgs {
  let values: { 'token-env'?: string; writes?: boolean; 'wait-ready-ms'?: string };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      options: { 'token-env': { type: 'string' }, writes: { type: 'boolean' }, 'wait-ready-ms': { type: 'string' } },
      allowPositionals: true,
      strict: true,
    }));
  } catch (err) {
    throw new UsageError(describeParseError(err, args));
  }
  if (positionals.length !== 1) throw new UsageError('give exactly one socket path or URL');
  const where = positionals[0]!;
  const tokenEnv = values['token-env'];
  const waitReadyMs = values['wait-ready-ms'] === undefined ? DEFAULT_WAIT_READY_MS : Number(values['wait-ready-ms']);
  if (!Number.isInteger(waitReadyMs) || waitReadyMs < 0 || waitReadyMs > MAX_WAIT_READY_MS) {
    throw new UsageError(`--wait-ready-ms must be a whole number of milliseconds, 0 to ${MAX_WAIT_READY_MS}`);
  }
  const writes = values.writes ?? false;
  if (where.startsWith('/')) {
    const problem = checkSocketPath(where);
    if (problem) throw new UsageError(problem);
    if (tokenEnv !== undefined) throw new UsageError('--token-env goes with a URL only; a socket has no token');
    return { target: { kind: 'socket', path: where }, writes, waitReadyMs };
  }
  const problem = checkUrl(where);
  if (problem) throw new UsageError(`${problem} (a socket path starts with /)`);
  if (tokenEnv === undefined) throw new UsageError('a URL needs --token-env VAR, the environment variable that holds its token');
  if (!ENV_NAME.test(tokenEnv)) throw new UsageError('--token-env takes the name of an environment variable, not the token itself');
  const raw = env[tokenEnv];
  if (raw === undefined || raw.trim() === '') {
    // A name as long as a token may be the token itself, given by mistake: never echo it.
    const named = tokenEnv.length < 32 ? ` ${tokenEnv}` : " named by --token-env (give the variable's name, not the token)";
    throw new UsageError(`the environment variable${named} is not set`);
  }
  const tokenProblem = checkToken(raw);
  if (tokenProblem) throw new UsageError(`the token in ${tokenEnv}: ${tokenProblem}`);
  return { target: { kind: 'url', url: where, token: raw.trim() }, writes, waitReadyMs };
}

/** Node's own messages quote argument values, and a mistyped token could be one: name the option only. */
function describeParseError(err: unknown, args: string[]): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const known = ['--token-env', '--writes', '--wait-ready-ms'];
    const option = args.map((a) => a.split('=')[0] ?? '').find((a) => a.startsWith('-') && !known.includes(a));
    return option && /^--?[A-Za-z-]{1,40}$/.test(option) ? `unknown option ${option}` : 'unknown option';
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return '--token-env and --wait-ready-ms take a value; --writes takes none';
  return 'the arguments do not parse';
}
