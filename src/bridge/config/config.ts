/**
 * The config room: which agents the bridge dials. `sources.json` (read and written strictly, 0600,
 * by `sources-file.ts`), the `.env` agent, `COLLIE_PROGRAMS=off`, and the rules each entry must
 * meet (`source-rules.ts`); a bad entry stops the bridge with one `[bridge] FATAL:` line.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isRecord } from '../../wire/read';
import { describeJsonError } from './json-error';
import { checkName } from './source-rules';
import { tightenFile } from '../fs/private-file';

export type Address = { kind: 'socket'; path: string } | { kind: 'url'; url: string; token: string };

/** One agent the bridge dials; `problem` makes it unreachable with that reason from the start. */
export interface AgentSource {
  name: string;
  address: Address | null;
  problem?: string;
}

export class FatalConfigError extends Error {
  override readonly name = 'FatalConfigError';

  /** The one line the bridge prints before it stops. */
  get line(): string {
    return `[bridge] FATAL: ${this.message}`;
  }
}

const FIELDS = new Set(['name', 'kind', 'socket', 'url', 'token']);

/**
 * Reads `sources.json` strictly (a silently skipped agent would simply never show) and the
 * single environment agent `default`.
 */
export async function loadSources(configDir: string, env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<{ sources: AgentSource[]; durable: boolean }> {
  const sources: AgentSource[] = [];
  const envAgent = environmentAgent(env);
  if (envAgent) sources.push(envAgent);
  if (env.COLLIE_PROGRAMS === 'off') {
    // The single environment agent is the instance's own session and stays (docs/bridge.md §1).
    log('[bridge] COLLIE_PROGRAMS=off: sources.json is ignored, durable agents are off');
    return { sources, durable: envAgent !== null };
  }
  const file = join(configDir, 'sources.json');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { sources, durable: true };
    throw new FatalConfigError(`${file} cannot be read: ${(err as Error).message}`);
  }
  await tightenFile(file, log);
  sources.push(...parseSourcesText(text, file, sources));
  return { sources, durable: true };
}

/**
 * The strict check of the file's text, without touching the file: `collie doctor` reports what
 * the bridge would say. `taken` holds the agents named before the file (the environment agent).
 */
export function parseSourcesText(text: string, file: string, taken: AgentSource[] = []): AgentSource[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new FatalConfigError(`${file} is not valid JSON: ${describeJsonError(text, err)}`);
  }
  if (!Array.isArray(raw)) throw new FatalConfigError(`${file} must hold a JSON array of entries`);
  const sources = [...taken];
  raw.forEach((entry, index) => sources.push(parseEntry(entry, index, sources)));
  return sources.slice(taken.length);
}

function parseEntry(entry: unknown, index: number, taken: AgentSource[]): AgentSource {
  const where = (name?: string) => `sources.json entry ${index + 1}${name ? ` ("${name}")` : ''}`;
  if (!isRecord(entry)) throw new FatalConfigError(`${where()}: must be an object`);
  const name = typeof entry.name === 'string' ? entry.name : undefined;
  const unknown = Object.keys(entry).find((key) => !FIELDS.has(key));
  if (unknown) throw new FatalConfigError(`${where(name)}: field "${unknown}" is not known`);
  if (name === undefined || checkName(name)) {
    throw new FatalConfigError(`${where(name)}: field "name" is bad: ${checkName(name ?? '') ?? 'must be a string'}`);
  }
  if (taken.some((s) => s.name === name)) {
    const holder = name === 'default' ? ' (the environment agent holds it)' : '';
    throw new FatalConfigError(`${where(name)}: field "name" is used twice${holder}`);
  }
  if (entry.kind !== 'durable') throw new FatalConfigError(`${where(name)}: field "kind" must be "durable"`);
  const { socket, url, token } = entry;
  if (socket !== undefined && url !== undefined) throw new FatalConfigError(`${where(name)}: field "url": give "socket" or "url", not both`);
  if (socket === undefined && url === undefined) throw new FatalConfigError(`${where(name)}: field "socket": give "socket" or "url"`);
  if (socket !== undefined) {
    if (typeof socket !== 'string') throw new FatalConfigError(`${where(name)}: field "socket" must be a string`);
    if (token !== undefined) throw new FatalConfigError(`${where(name)}: field "token" goes with "url" only`);
    return { name, address: { kind: 'socket', path: socket } };
  }
  if (typeof url !== 'string') throw new FatalConfigError(`${where(name)}: field "url" must be a string`);
  if (typeof token !== 'string') throw new FatalConfigError(`${where(name)}: field "token": "url" needs a "token"`);
  return { name, address: { kind: 'url', url, token: token.trim() } };
}

/** `COLLIE_MUX=durable` with a socket, or a URL and token: the one agent named `default`. */
export function environmentAgent(env: NodeJS.ProcessEnv): AgentSource | null {
  if (env.COLLIE_MUX !== 'durable') return null;
  const socket = env.COLLIE_DURABLE_SOCKET;
  const url = env.COLLIE_DURABLE_URL;
  const token = env.COLLIE_DURABLE_TOKEN;
  const bad = (problem: string): AgentSource => ({ name: 'default', address: null, problem });
  if (socket && (url || token)) return bad('configuration error: set COLLIE_DURABLE_SOCKET or COLLIE_DURABLE_URL, not both');
  if (socket) return { name: 'default', address: { kind: 'socket', path: socket } };
  if (url && !token) return bad('configuration error: COLLIE_DURABLE_URL is set without COLLIE_DURABLE_TOKEN');
  if (token && !url) return bad('configuration error: COLLIE_DURABLE_TOKEN is set without COLLIE_DURABLE_URL');
  if (url && token) return { name: 'default', address: { kind: 'url', url, token: token.trim() } };
  return bad('configuration error: COLLIE_MUX=durable needs COLLIE_DURABLE_SOCKET, or COLLIE_DURABLE_URL with COLLIE_DURABLE_TOKEN');
}
