import { createHash } from 'node:crypto';

/**
 * An ask's id: the first 32 hex digits of SHA-256(paneId + U+0000 + toolCallId), so the same
 * tool call raised again after a restart keeps its id and an answer sent across it still lands.
 */
export function askIdFor(paneId: string, toolCallId: string): string {
  return createHash('sha256').update(`${paneId}\u0000${toolCallId}`, 'utf8').digest('hex').slice(0, 32);
}
