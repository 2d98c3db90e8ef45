import type { VersionRange } from '../../wire/types';
import { versionRangeText as range } from '../../wire/version-range';

/** The sentence logged and shown when the wire ranges do not meet (docs/bridge.md §4). */
export function versionMismatchSentence(agent: VersionRange, collie: VersionRange): string {
  return `The durable agent speaks wire ${range(agent)}, this Collie speaks ${range(collie)}. Update Collie, or the agent's SDK.`;
}
