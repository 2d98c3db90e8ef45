import { describe, expect, it, vi } from 'vitest';
import type { BridgeClient } from '../phone-api-client';
import type { KeptCopies } from '../storage';
import { createStorage } from '../storage';
import { memory } from '../stores/testing/acts-kit';
import type { PushEnv } from '../pwa/push/push-store';
import { createStores } from './create-stores';

describe('the stores together', () => {
  it('forget what the phone kept of the bridge once the phone is unpaired (forgotten here, or revoked)', async () => {
    const copies: KeptCopies = { read: () => Promise.resolve(null), write: () => Promise.resolve(true), keys: () => Promise.resolve([]), clear: vi.fn(() => Promise.resolve()) };
    const client = { device: () => Promise.resolve({ device: { id: 'd', name: 'Phone', role: 'control' } }), forgetDevice: () => Promise.resolve({}) } as unknown as BridgeClient;
    const stores = createStores({
      client,
      copies,
      storage: createStorage(() => memory()),
      install: { on: () => () => {}, standalone: () => false, iosSafari: () => false, secure: () => true },
      push: { supported: () => false, permission: () => 'default', onPermissionChange: () => () => {}, onWorkerMessage: () => () => {}, now: Date.now } as unknown as PushEnv,
      pairing: { readHash: () => '#/', replaceHash: () => {}, suggestedName: () => 'Phone', onHashChange: () => () => {} },
    });
    stores.pairing.start();
    await vi.waitFor(() => expect(stores.pairing.state.value.phase).toBe('paired'));
    expect(copies.clear).not.toHaveBeenCalled();
    await stores.pairing.forget();
    expect(copies.clear).toHaveBeenCalledTimes(1);
  });
});
