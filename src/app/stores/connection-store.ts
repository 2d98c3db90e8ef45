import { computed, signal, type ReadonlySignal } from '@preact/signals';

export type ConnectionState = 'connecting' | 'live' | 'offline' | 'bridge-unreachable';

/** A tap can go out: the phone is online and the bridge answers (or has not been asked yet). */
export const canSend = (state: ConnectionState): boolean => state === 'live' || state === 'connecting';

/** The outage now going on: since when (ms), and whether the phone is online but the bridge does not answer. */
export interface Outage {
  since: number;
  bridge: boolean;
}

export interface ConnectionStore {
  /** What the phone can honestly say about its link to the bridge. */
  state: ReadonlySignal<ConnectionState>;
  /** The outage now, or null while a tap can go out: a tap's "not sent" lasts only through the outage it met. */
  outage: ReadonlySignal<Outage | null>;
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
  const state = computed<ConnectionState>(() => {
    if (!online.value) return 'offline';
    if (answered.value === null) return 'connecting';
    return answered.value ? 'live' : 'bridge-unreachable';
  });
  const downSince = signal<number | null>(null);
  /** After every change: an outage starts when taps can no longer go out, and ends when they can. */
  const recheck = () => {
    if (canSend(state.peek())) downSince.value = null;
    else if (downSince.peek() === null) downSince.value = now();
  };
  recheck();
  return {
    state,
    outage: computed(() => (downSince.value === null ? null : { since: downSince.value, bridge: state.value === 'bridge-unreachable' })),
    updatedAt,
    report(ok) {
      answered.value = ok;
      if (ok) updatedAt.value = now();
      recheck();
    },
    showingKept(at) {
      if (updatedAt.peek() === null || at < updatedAt.peek()!) updatedAt.value = at; // the oldest thing shown is what the mark tells
    },
    start() {
      return onOnlineChange(() => {
        online.value = isOnline();
        recheck();
      });
    },
  };
}
