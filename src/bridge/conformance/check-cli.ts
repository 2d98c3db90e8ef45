import { parseArgs } from 'node:util';
import { checkSocketPath, checkToken, checkUrl } from '../config/source-rules';
import type { CheckTarget } from './check-call';
import { DURABLE_HELP } from './durable-help';
import { UsageError, type CliIo } from './usage-error';
import type { CheckResult } from './run-check';

const DEFAULT_WAIT_READY_MS = 5000;
const MAX_WAIT_READY_MS = 600000;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface CheckArgs {
  target: CheckTarget;
  writes: boolean;
  waitReadyMs: number;
  json?: boolean;
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
  const { json, ...options } = parsed;
  // The rules load when a check runs, not when the CLI only parses or prints help.
  const { runCheck } = await import('./run-check');
  const result = await runCheck({ ...options, ...(json ? {} : { onLine: (line: string) => io.out(`${line}\n`) }) });
  if (json) io.out(`${JSON.stringify(checkJson(parsed, result), null, 2)}\n`);
  return result.failed ? 1 : 0;
}

/** The run as one object for CI: every rule's status and reason, and the counts. The token never appears. */
export function checkJson(args: CheckArgs, result: CheckResult) {
  const counts = { ok: 0, warn: 0, fail: 0, skip: 0 };
  for (const { outcome } of result.outcomes) counts[outcome.status] += 1;
  return {
    target: args.target.kind === 'socket' ? args.target.path : args.target.url,
    writes: args.writes,
    failed: result.failed,
    ...(result.unreachable !== undefined ? { unreachable: result.unreachable } : {}),
    counts,
    rules: result.outcomes.map(({ name, outcome }) => ({ name, ...outcome })),
  };
}

export function parseCheckArgs(args: string[], env: NodeJS.ProcessEnv): CheckArgs {
  let values: { 'token-env'?: string; writes?: boolean; json?: boolean; 'wait-ready-ms'?: string };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      options: { 'token-env': { type: 'string' }, writes: { type: 'boolean' }, json: { type: 'boolean' }, 'wait-ready-ms': { type: 'string' } },
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
  const json = values.json ? { json: true } : {};
  if (where.startsWith('/')) {
    const problem = checkSocketPath(where);
    if (problem) throw new UsageError(problem);
    if (tokenEnv !== undefined) throw new UsageError('--token-env goes with a URL only; a socket has no token');
    return { target: { kind: 'socket', path: where }, writes, waitReadyMs, ...json };
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
  return { target: { kind: 'url', url: where, token: raw.trim() }, writes, waitReadyMs, ...json };
}

/** Node's own messages quote argument values, and a mistyped token could be one: name the option only. */
function describeParseError(err: unknown, args: string[]): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const known = ['--token-env', '--writes', '--json', '--wait-ready-ms'];
    const option = args.map((a) => a.split('=')[0] ?? '').find((a) => a.startsWith('-') && !known.includes(a));
    return option && /^--?[A-Za-z-]{1,40}$/.test(option) ? `unknown option ${option}` : 'unknown option';
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return '--token-env and --wait-ready-ms take a value; --writes and --json take none';
  return 'the arguments do not parse';
}
