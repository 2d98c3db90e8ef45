/**
 * Sets `key` as the newest entry of a map that keeps at most `cap` entries, forgetting the
 * oldest: the one way the agent kit and the bridge bound what they remember per epoch or pane.
 */
export function rememberBounded<K, V>(map: Map<K, V>, key: K, value: V, cap: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > cap) {
    const oldest = map.keys().next().value;
    if (oldest === undefined) break;
    map.delete(oldest);
  }
}
