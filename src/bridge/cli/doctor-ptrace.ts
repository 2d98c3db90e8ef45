import { readFile } from 'node:fs/promises';
import { PTRACE_FIX, PTRACE_SCOPE_PATH, ptraceRisk, ptraceScope } from '../../wire/ptrace-scope';
import type { CheckResult } from './doctor-socket';

/**
 * `ptrace` (Linux only): whether an agent's own tools could take the bridge's open connection to
 * the agent and answer on it, which no caller check can see (WIRE.md §17). Null elsewhere.
 */
export async function ptraceCheck(path: string = PTRACE_SCOPE_PATH, platform: NodeJS.Platform = process.platform): Promise<CheckResult | null> {
  if (platform !== 'linux') return null;
  const scope = ptraceScope(await readFile(path, 'utf8').catch(() => null));
  if (scope.guarded) return { ok: true, text: `Yama's ptrace scope is ${scope.scope}: an agent's tools cannot take the bridge's connections` };
  return { ok: false, text: `${ptraceRisk(scope)}: ${PTRACE_FIX}` };
}
