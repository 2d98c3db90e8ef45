import type { VersionRange } from './types';

/** A wire version range as the version-mismatch sentence writes it: `v1`, or `v2..v3`. */
export function versionRangeText(r: VersionRange): string {
  return r.min === r.max ? `v${r.min}` : `v${r.min}..v${r.max}`;
}
