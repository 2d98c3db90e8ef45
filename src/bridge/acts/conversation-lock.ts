/**
 * One lock per conversation for every write the phone makes to it (docs/bridge.md §6): while a send
 * runs, a steer or an answer is refused as busy; Stop waits for the lock, but only up to its own
 * time limit, so a stuck send never blocks it.
 */
export class ConversationLocks {
  private readonly held = new Map<string, { release: Promise<void> }>();

  /** The lock now, or null when someone holds it. */
  tryAcquire(key: string): (() => void) | null {
    if (this.held.has(key)) return null;
    let done = () => {};
    const release = new Promise<void>((resolve) => (done = resolve));
    const entry = { release };
    this.held.set(key, entry);
    return () => {
      if (this.held.get(key) === entry) this.held.delete(key);
      done();
    };
  }

  /** Waits for the lock up to `waitMs`; null when it is still held then. */
  async acquire(key: string, waitMs: number): Promise<(() => void) | null> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const release = this.tryAcquire(key);
      if (release) return release;
      const holder = this.held.get(key);
      const left = deadline - Date.now();
      if (!holder || left <= 0) return this.tryAcquire(key);
      await Promise.race([holder.release, new Promise((r) => setTimeout(r, left))]);
    }
  }
}

/** The lock's key for one agent's conversation (its pane). */
export const conversationKey = (agent: string, paneId: string) => `${agent}/${paneId}`;
