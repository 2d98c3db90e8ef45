import { describe, expect, it } from 'vitest';
import { createStorage, type KeyValueStore } from '../storage';
import { createSeenStore, SEEN_KEY, SEEN_MEMORY } from './seen-store';

function memory(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('where the person left off in each chat', () => {
  it('is kept per agent and pane, across a reload', () => {
    const backend = memory();
    const seen = createSeenStore(
      createStorage(() => backend),
      () => 1,
    );
    expect(seen.lastSeen('desk', 'p')).toBeNull();
    seen.markSeen('desk', 'p', 'i:m1');
    seen.markSeen('desk', 'p', 'i:m2');
    seen.markSeen('other', 'p', 'i:x');
    const again = createSeenStore(createStorage(() => backend));
    expect([again.lastSeen('desk', 'p'), again.lastSeen('other', 'p'), again.lastSeen('desk', 'q')]).toEqual(['i:m2', 'i:x', null]);
    again.clear();
    expect(createSeenStore(createStorage(() => backend)).lastSeen('desk', 'p')).toBeNull();
  });

  it('writes only when the place moves, and forgets the chats seen longest ago beyond its bound', () => {
    const backend = memory();
    let writes = 0;
    const counting = { getItem: backend.getItem, setItem: (k: string, v: string) => ((writes += 1), backend.setItem(k, v)) };
    let now = 0;
    const seen = createSeenStore(
      createStorage(() => counting),
      () => now,
    );
    seen.markSeen('desk', 'p', 'i:m1');
    seen.markSeen('desk', 'p', 'i:m1');
    expect(writes).toBe(1);
    for (let i = 0; i < SEEN_MEMORY + 5; i += 1) {
      now = i + 1;
      seen.markSeen('desk', `p${i}`, 'i:m');
    }
    expect(Object.keys(JSON.parse(backend.data.get(SEEN_KEY)!) as object)).toHaveLength(SEEN_MEMORY);
    expect(seen.lastSeen('desk', 'p')).toBeNull();
    expect(seen.lastSeen('desk', `p${SEEN_MEMORY + 4}`)).toBe('i:m');
  });
});
