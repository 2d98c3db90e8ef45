import { computed, signal, type ReadonlySignal } from '@preact/signals';

export type ConnectionState = 'connecting' | 'live' | 'offline' | 'bridge-unreachable';

export interface ConnectionStore {
  /** What the phone can honestly say about its link to the bridge. */
  state: ReadonlySignal<ConnectionState>;
  /** Every read of the bridge reports whether it was answered. */
  report(answered: boolean): void;
  start(): () => void;
}

export interface ConnectionEnv {
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
  const online = signal(isOnline());
  const answered = signal<boolean | null>(null);
  return {
    state: computed(() => {
      if (!online.value) return 'offline';
      if (answered.value === null) return 'connecting';
      return answered.value ? 'live' : 'bridge-unreachable';
    }),
    report(ok) {
      answered.value = ok;
    },
    start() {
      return onOnlineChange(() => {
        online.value = isOnline();
      });
    },
  };
}
