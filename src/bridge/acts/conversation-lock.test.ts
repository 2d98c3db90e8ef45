import { describe, expect, it } from 'vitest';
import { ConversationLocks } from './conversation-lock';

describe('ConversationLocks', () => {
  it('refuses a second holder of the same conversation, not of another', () => {
    const locks = new ConversationLocks();
    const release = locks.tryAcquire('a/p')!;
    expect(locks.tryAcquire('a/p')).toBeNull();
    expect(locks.tryAcquire('a/q')).not.toBeNull();
    release();
    expect(locks.tryAcquire('a/p')).not.toBeNull();
  });

  it('lets a waiter in when the holder lets go', async () => {
    const locks = new ConversationLocks();
    const release = locks.tryAcquire('k')!;
    const waiting = locks.acquire('k', 5000);
    release();
    expect(await waiting).not.toBeNull();
  });

  it('gives up after its own limit while the holder is stuck', async () => {
    const locks = new ConversationLocks();
    locks.tryAcquire('k');
    expect(await locks.acquire('k', 20)).toBeNull();
  });
});
