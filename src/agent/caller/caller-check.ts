/**
 * The caller check (WIRE.md §17): whether this agent refuses writes from itself and
 * the processes it started. It needs the kernel's peer credentials of a Unix socket and a way to
 * read them: Bun on Linux has both (Bun's sockets give their descriptor, its FFI reaches libc);
 * Node cannot read them, and Bun elsewhere has no /proc to place a caller in.
 */
import type { CallerCheck } from '../../wire/types';

export type { CallerCheck };

/** The runtime as the check sees it; tests pass another (the seam where the platform is read). */
export interface Runtime {
  bun: string | undefined;
  node: string;
  platform: NodeJS.Platform;
}

export const thisRuntime = (): Runtime => ({ bun: process.versions.bun, node: process.versions.node, platform: process.platform });

/** `host.runtime` of the hello: Bun's own version under Bun (not the Node version it emulates). */
export const runtimeName = (runtime: Runtime = thisRuntime()) => (runtime.bun ? `bun ${runtime.bun}` : `node ${runtime.node}`);

export type CallerPlan = { check: 'on' } | { check: 'off'; line: string };

/** Why a kit agent under Node has no caller check: its start line, and `collie doctor`'s line for the bridge's demo. */
export const NODE_CALLER_WORDS =
  'Node cannot tell who connects to this socket, so any process of your user can answer its questions (run the agent under Bun on Linux for the caller check)';
export const NODE_LINE = `[agent] ${NODE_CALLER_WORDS}.`;
export const OFF_LINE = '[agent] The caller check is off (callerCheck: "off"): any process of your user, this agent and its tools included, can answer its questions.';

export class CallerCheckUnavailable extends Error {
  override name = 'CallerCheckUnavailable';
}

/** What the socket transport does about callers, or why it cannot start as asked. */
export function planCallerCheck(requested: CallerCheck | undefined, runtime: Runtime = thisRuntime()): CallerPlan {
  if (!runtime.bun) return { check: 'off', line: NODE_LINE };
  if (requested === 'off') return { check: 'off', line: OFF_LINE };
  if (runtime.platform !== 'linux')
    throw new CallerCheckUnavailable(`the caller check needs Linux (this is Bun on ${runtime.platform}): pass callerCheck: "off" to start without it`);
  return { check: 'on' };
}
