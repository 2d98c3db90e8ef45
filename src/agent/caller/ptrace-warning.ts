import { readFileSync } from 'node:fs';
import { PTRACE_FIX, PTRACE_SCOPE_PATH, ptraceRisk, ptraceScope } from '../../wire/ptrace-scope';

/** The start line of an agent whose caller check is on while Yama lets its tools take others' connections (WIRE.md §17); null when guarded. */
export function ptraceWarning(path: string = PTRACE_SCOPE_PATH): string | null {
  let text: string | null;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    text = null;
  }
  const scope = ptraceScope(text);
  return scope.guarded ? null : `[agent] The caller check is on, but ${ptraceRisk(scope)}: ${PTRACE_FIX}`;
}
