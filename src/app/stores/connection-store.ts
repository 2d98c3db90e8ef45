import { computed, signal, type ReadonlySignal } from '@preact/signals';

export type ConnectionState = 'connecting' | 'live' | 'offline' | 'bridge-unreachable';

export interface ConnectionStore {
  /** What the phone can honestly say about its link to the bridge. */
  state: ReadonlySignal<ConnectionState>;
  /** When what shows was read from the bridge (ms), this visit or, from the kept copy, an earlier one. */
  updatedAt: ReadonlySignal<number | null>;
  /** Every read of the bridge reports whether it was answered. */
  report(answered: boolean): void;
  /** A kept copy read at `at` shows while the bridge has not answered. */
  showingKept(at: number): void;
  start(): () => void;
}

export interface ConnectionEnv {
  now?: () => number;
  isOnline?: () => boolean;
  onOnlineChange?: (listener: () => void) => () => void;
}

export function createConnectionStore(env: ConnectionEnv = {}): ConnectionStore {
  const isOnline = env.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine);
  const onOnlineChange =
    env.onOnlineChange ??
    ((listener: () => void) => {
      if (typeof window === 'undefined') return () => {};
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    });
  const now = env.now ?? Date.now;
  const online = signal(isOnline());
  const answered = signal<boolean | null>(null);
  const updatedAt = signal<number | null>(null);
  return {
    state: computed(() => {
      if (!online.value) return 'offline';
      if (answered.value === null) return 'connecting';
      return answered.value ? 'live' : 'bridge-unreachable';
    }),
    updatedAt,
    report(ok) {
      answered.value = ok;
      if (ok) updatedAt.value = now();
    },
    showingKept(at) {
      if (updatedAt.peek() === null || at < updatedAt.peek()!) updatedAt.value = at; // the oldest thing shown is what the mark tells
    },
    start() {
      return onOnlineChange(() => {
        online.value = isOnline();
      });
    },
  };
}
