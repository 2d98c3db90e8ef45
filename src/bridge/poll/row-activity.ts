/**
 * The newest of the times a conversation moved (its newest item, its open asks, its turn's start
 * and end): the list's order and the time on its row. Times that do not read are passed over;
 * none at all is undefined. The agent's own words are returned as they came (already read by the
 * wire parsers), never a time the bridge made up from them.
 */
export function lastActivity(times: readonly (string | undefined)[]): string | undefined {
  let newest: { iso: string; at: number } | undefined;
  for (const iso of times) {
    if (iso === undefined) continue;
    const at = Date.parse(iso);
    if (!Number.isNaN(at) && (newest === undefined || at > newest.at)) newest = { iso, at };
  }
  return newest?.iso;
}
