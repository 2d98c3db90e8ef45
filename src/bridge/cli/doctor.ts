import { readFile, stat } from 'node:fs/promises';
import { askBridge, type FoundBridge } from './running-bridge';
import { environmentAgent, FatalConfigError, parseSourcesText, type AgentSource } from '../config/config';
import { helloCheck } from './doctor-hello';
import { pushCheck } from './doctor-push';
import { crewCheck } from './doctor-crew';
import { socketCheck, type CheckResult } from './doctor-socket';
import { sourcesPath } from '../config/sources-file';
import { checkToken } from '../config/source-rules';
import type { UrlTls } from '../link/transport-url';
import { ptraceCheck } from './doctor-ptrace';
import { NODE_CALLER_WORDS } from '../../agent/caller/caller-check';

export interface DoctorOptions {
  configDir: string;
  stateDir: string;
  env: NodeJS.ProcessEnv;
  onLine: (line: string) => void;
  /** Trust for a test's own CA; a real run uses the system's certificates only. */
  tls?: UrlTls;
  /** Where Yama's ptrace scope is read (Linux); a test names a file of its own. */
  ptraceScopePath?: string;
}

export const doctorLine = (check: string, result: CheckResult) => `${result.ok ? 'ok  ' : 'FAIL'} ${check}: ${result.text}`;

/**
 * `collie doctor`: one line per check, and true when any failed. It changes nothing: the
 * sources file is read as the bridge would read it, without the bridge's tightening.
 */
export async function runDoctor(options: DoctorOptions): Promise<{ failed: boolean }> {
  let failed = false;
  const report = (check: string, result: CheckResult) => {
    failed ||= !result.ok;
    options.onLine(doctorLine(check, result));
  };
  const envAgent = environmentAgent(options.env);
  const { result, sources } = await sourcesCheck(options.configDir, options.env, envAgent ? [envAgent] : []);
  report('sources', result);
  for (const source of sources) {
    const address = source.address;
    if (address?.kind === 'socket') {
      const socket = await socketCheck(address.path);
      report(`durable-socket ${source.name}`, socket);
      if (!socket.ok) continue; // the hello would only fail again for the same reason
    }
    if (address?.kind === 'url') report(`token ${source.name}`, tokenCheck(address.token));
    report(`durable-hello ${source.name}`, await helloCheck(source, options.tls));
  }
  report('push', await pushCheck(options.stateDir));
  const bridge = await askBridge(options.stateDir);
  report('crew', await crewCheck(options.stateDir, bridge.running));
  const ptrace = await ptraceCheck(options.ptraceScopePath);
  if (ptrace) report('ptrace', ptrace);
  for (const line of programLines(bridge, sources)) report('program', line);
  return { failed };
}

/** The `sources` line, and the agents the bridge would dial (the environment agent first). */
async function sourcesCheck(configDir: string, env: NodeJS.ProcessEnv, taken: AgentSource[]): Promise<{ result: CheckResult; sources: AgentSource[] }> {
  if (env.COLLIE_PROGRAMS === 'off') {
    return { result: { ok: true, text: 'durable agents are off (COLLIE_PROGRAMS=off): the bridge ignores sources.json' }, sources: taken };
  }
  const path = sourcesPath(configDir);
  let text: string;
  let mode: number;
  try {
    mode = (await stat(path)).mode & 0o777;
    text = await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { result: { ok: true, text: `${path}, no durable agents attached yet` }, sources: taken };
    return { result: { ok: false, text: `${path} cannot be read (${code ?? 'error'})` }, sources: taken };
  }
  const shownMode = mode.toString(8).padStart(4, '0');
  const problems: string[] = [];
  if ((mode & 0o077) !== 0) problems.push(`${path} has mode ${shownMode}, so group or others can read its tokens: chmod 600 ${path}`);
  let sources = taken;
  try {
    sources = [...taken, ...parseSourcesText(text, path, taken)];
  } catch (err) {
    if (!(err instanceof FatalConfigError)) throw err;
    problems.push(`the bridge would not start: ${err.line}`);
  }
  if (problems.length > 0) return { result: { ok: false, text: problems.join('; ') }, sources };
  const entries = sources.length - taken.length;
  return { result: { ok: true, text: `${path}, ${entries} ${entries === 1 ? 'entry' : 'entries'}, mode ${shownMode}` }, sources };
}

/** `token <name>`: only the token's length, never the token. */
function tokenCheck(token: string): CheckResult {
  const bytes = Buffer.byteLength(token.trim());
  const problem = checkToken(token);
  return problem ? { ok: false, text: `set, ${bytes} bytes: ${problem}` } : { ok: true, text: `set, ${bytes} bytes` };
}

/** The running bridge's counters per agent; an entry it has not loaded needs a restart. */
function programLines(bridge: FoundBridge, sources: AgentSource[]): CheckResult[] {
  if (!bridge.running) return [{ ok: false, text: 'the bridge is not running (collie start)' }];
  const lines: CheckResult[] = bridge.status.agents.map(({ name, counters }) => {
    const results = Object.entries(counters.results)
      .map(([outcome, n]) => `${outcome} ${n}`)
      .join(', ');
    const acts = results ? `what phones sent it: ${results}` : 'no phone has sent it anything yet';
    return { ok: true, text: `${name}: read ${counters.reads} times since the bridge started; ${acts}` };
  });
  // Said here once, not at each start of the demo (demo-agent.ts): a kit agent under Node cannot tell who connects.
  for (const { name, runtime } of bridge.status.agents) if (runtime?.startsWith('node ')) lines.push({ ok: true, text: `${name} runs under ${runtime}: ${NODE_CALLER_WORDS}` });
  const loaded = new Set(bridge.status.agents.map((a) => a.name));
  for (const { name } of sources) {
    if (!loaded.has(name)) lines.push({ ok: false, text: `${name}: not loaded by the running bridge: run collie restart` });
  }
  if (lines.length === 0) lines.push({ ok: true, text: 'the bridge runs with no durable agents' });
  return lines;
}
