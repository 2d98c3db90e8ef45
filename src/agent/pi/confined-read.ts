import type { ToolDefinition } from '@mariozechner/pi-coding-agent';
import type { PiModule } from './load-pi';
import { boundedReadOperations } from './bounded-read';
import type { ToolGate } from './tool-gate';

/**
 * Pi's own `read` tool over bounded operations (bounded-read.ts), given to Pi in place of its
 * built-in one: every read is capped in bytes and time, and one the gate let through without a
 * card is checked again on the file it opens (a regular file inside the folder).
 */
export function confinedReadTool(sdk: PiModule, cwd: string, gate: ToolGate): ToolDefinition {
  const carded = sdk.createReadToolDefinition(cwd, { operations: boundedReadOperations() });
  const free = sdk.createReadToolDefinition(cwd, { operations: boundedReadOperations({ confineTo: cwd }) });
  const read: typeof carded = { ...carded, execute: (toolCallId, ...rest) => (gate.decision(toolCallId) === 'free' ? free : carded).execute(toolCallId, ...rest) };
  return read as unknown as ToolDefinition;
}
