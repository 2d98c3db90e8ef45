/**
 * What the caller check (WIRE.md §17) cannot see: a process allowed to ptrace another can also
 * take that process's open descriptors (`pidfd_getfd`), so an agent's own tool could write on the
 * bridge's connection, which the kernel still records as the bridge's. Linux's Yama module decides
 * who may: at scope 1 or more only a process's own ancestors (or an admin) may, so a tool cannot
 * reach the bridge, which the agent did not start. One rule for the kit's start line and `collie doctor`.
 */

/** Where Linux says Yama's scope; absent when the kernel has no Yama. */
export const PTRACE_SCOPE_PATH = '/proc/sys/kernel/yama/ptrace_scope';

export type PtraceScope = { guarded: true; scope: number } | { guarded: false; scope: number | null };

/** Reads the file's text (null when it is not there). */
export function ptraceScope(text: string | null): PtraceScope {
  const scope = text === null ? NaN : Number(text.trim());
  if (!Number.isInteger(scope)) return { guarded: false, scope: null };
  return scope >= 1 ? { guarded: true, scope } : { guarded: false, scope };
}

/** The fix, said the same everywhere. */
export const PTRACE_FIX = 'sudo sysctl kernel.yama.ptrace_scope=1 (and kernel.yama.ptrace_scope = 1 in /etc/sysctl.d/ to keep it)';

/** Why an unguarded scope matters, in one clause. */
export function ptraceRisk(scope: PtraceScope): string {
  const what = scope.scope === null ? 'this kernel has no Yama ptrace scope' : `Yama's ptrace scope is ${scope.scope}`;
  return `${what}, so any process of your user, an agent's own tools too, can take another process's open connection to an agent and answer on it`;
}
