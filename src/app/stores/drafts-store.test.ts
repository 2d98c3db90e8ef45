import { describe, expect, it } from 'vitest';
import { createStorage, type KeyValueStore } from '../storage';
import { createDraftsStore, DRAFT_MEMORY, DRAFT_MS } from './drafts-store';

function memory(): KeyValueStore {
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('drafts', () => {
  it('keep what was typed across a reload (a new store on the same storage), until cleared', () => {
    const backend = memory();
    let clock = 1000;
    const first = createDraftsStore(
      createStorage(() => backend),
      () => clock,
    );
    first.set('composer/desk/p', 'half a thought');
    first.set('ask/x', { env: 'beta' });
    const reloaded = createDraftsStore(
      createStorage(() => backend),
      () => clock,
    );
    expect(reloaded.get('composer/desk/p')).toBe('half a thought');
    expect(reloaded.get('ask/x')).toEqual({ env: 'beta' });
    reloaded.clear('composer/desk/p');
    expect(
      createDraftsStore(
        createStorage(() => backend),
        () => clock,
      ).get('composer/desk/p'),
    ).toBeUndefined();
    clock += DRAFT_MS + 1;
    expect(reloaded.get('ask/x')).toBeUndefined();
  });

  it('keep only the newest drafts', () => {
    let clock = 0;
    const backend = memory();
    const drafts = createDraftsStore(
      createStorage(() => backend),
      () => clock,
    );
    for (let i = 0; i <= DRAFT_MEMORY; i += 1) {
      clock += 1;
      drafts.set(`k${i}`, i);
    }
    expect(drafts.get('k0')).toBeUndefined();
    expect(drafts.get(`k${DRAFT_MEMORY}`)).toBe(DRAFT_MEMORY);
  });
});
