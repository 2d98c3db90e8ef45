import { parseCheckArgs } from '../conformance/check-cli';
import { UsageError } from '../conformance/usage-error';
import { checkName, checkSocketPath, checkUrl } from '../config/source-rules';
import type { SourceEntry } from '../config/sources-file';
import { parseOptions } from './parse-options';

export interface AttachRequest {
  entry: SourceEntry;
  restart: boolean;
}

export interface DetachRequest {
  name: string;
  restart: boolean;
}

const ATTACH_OPTIONS = { socket: { type: 'string' }, url: { type: 'string' }, 'token-env': { type: 'string' }, restart: { type: 'boolean' } } as const;
const DETACH_OPTIONS = { restart: { type: 'boolean' } } as const;

/** `attach <name> --socket <path> | --url <url> --token-env <VAR> [--restart]`; the token only ever from the variable. */
export function parseAttachArgs(args: string[], env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): AttachRequest {
  const { values, positionals } = parseOptions(args, ATTACH_OPTIONS);
  const name = oneName(positionals);
  const restart = values.restart ?? false;
  const { socket, url } = values;
  const tokenEnv = values['token-env'];
  if (socket !== undefined && url !== undefined) throw new UsageError('give --socket or --url, not both');
  if (socket !== undefined) {
    // A private socket is judged by Unix user ids, which Windows does not have.
    if (platform === 'win32') throw new UsageError('Windows has no socket transport: attach the durable agent with --url and --token-env');
    if (tokenEnv !== undefined) throw new UsageError('--token-env goes with --url only; a socket has no token');
    const problem = checkSocketPath(socket);
    if (problem) throw new UsageError(problem);
    return { entry: { name, kind: 'durable', socket }, restart };
  }
  if (url === undefined) throw new UsageError('give --socket <path>, or --url <url> with --token-env <VAR>');
  const problem = checkUrl(url);
  if (problem) throw new UsageError(problem);
  if (tokenEnv === undefined) throw new UsageError('--url needs --token-env VAR, the environment variable that holds its token');
  // The check verb's own reading of a token from the environment: one home for that rule.
  const parsed = parseCheckArgs([url, `--token-env=${tokenEnv}`], env);
  if (parsed.target.kind !== 'url') throw new UsageError('--url needs a URL');
  return { entry: { name, kind: 'durable', url, token: parsed.target.token }, restart };
}

export function parseDetachArgs(args: string[]): DetachRequest {
  const { values, positionals } = parseOptions(args, DETACH_OPTIONS);
  return { name: oneName(positionals), restart: values.restart ?? false };
}

export function parseListArgs(args: string[]): void {
  const { positionals } = parseOptions(args, {});
  if (positionals.length > 0) throw new UsageError('list takes no arguments');
}

function oneName(positionals: string[]): string {
  if (positionals.length !== 1) throw new UsageError('give exactly one name');
  const name = positionals[0]!;
  const problem = checkName(name);
  if (problem) throw new UsageError(problem);
  return name;
}
