import type { PressBackend } from '../notification-presses';

/** The worker's press ledger in a map, for tests (the real one is IndexedDB through idb-keyval). */
export function memoryPresses(): PressBackend & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return {
    map,
    update: async (key, updater) => void map.set(key, updater(map.get(key))),
    entries: async () => [...map.entries()],
    del: async (key) => void map.delete(key),
  };
}
