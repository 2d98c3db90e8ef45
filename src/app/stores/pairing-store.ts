import { secretInFragment } from '../../wire/pairing-link';
import { computed, signal, type ReadonlySignal } from '@preact/signals';
import type { DeviceJson } from '../../wire/pairing-json';
import { BridgeHttpError, type BridgeClient } from '../phone-api-client';

/** Why the phone shows the pairing screen. */
export type UnpairedWhy = 'never' | 'revoked' | 'used' | 'expired' | 'unknown' | 'refused' | 'limited' | 'failed';

export type PairingState =
  | { phase: 'checking' }
  | { phase: 'pairing' }
  /** The link is good, and a phone paired already must allow this one: the bridge holds it until then. */
  | { phase: 'waiting'; expiresAt: string }
  /** Paired, or not known yet because the bridge cannot be reached (a 401 then says otherwise). */
  | { phase: 'paired'; device: DeviceJson | null }
  | { phase: 'unpaired'; why: UnpairedWhy; retryAfter?: number };

export interface PairingStore {
  state: ReadonlySignal<PairingState>;
  /** This phone may act (answer, send, manage): false for a watch device. */
  canAct: ReadonlySignal<boolean>;
  /**
   * Redeems a `#pair=` link in the address (removing it from the address bar first), else asks
   * who this phone is; then redeems any pairing link opened in the running app. Returns the cleanup.
   */
  start(): () => void;
  /** Settles once the check `start` began has its answer (at once before `start`); never rejects. */
  checked(): Promise<void>;
  /** A request was refused as not paired (the device was revoked). */
  lost(): void;
  rename(name: string): Promise<boolean>;
  forget(): Promise<void>;
}

export interface PairingEnv {
  /** The address's fragment, and a way to replace it without a reload or a history entry. */
  readHash(): string;
  replaceHash(hash: string): void;
  /** A name for this phone from the browser, when the invitation gives none. */
  suggestedName(): string;
  /** Hears the address's fragment change (a pairing link opened in the running app). */
  onHashChange(listener: () => void): () => void;
}

/** The address carries a pairing link: until it is redeemed, no read can be answered. */
export const hasPairingLink = (hash: string): boolean => secretInFragment(hash) !== undefined;

export function createPairingStore(client: BridgeClient, env: PairingEnv): PairingStore {
  const state = signal<PairingState>({ phase: 'checking' });
  const refused = (err: unknown): PairingState => {
    if (!(err instanceof BridgeHttpError)) return { phase: 'unpaired', why: 'failed' };
    if (err.status === 429) return { phase: 'unpaired', why: 'limited', ...(err.retryAfter ? { retryAfter: err.retryAfter } : {}) };
    const why = err.code.replace(/^invitation-/, '');
    return { phase: 'unpaired', why: why === 'used' || why === 'expired' || why === 'unknown' || why === 'refused' ? why : 'failed' };
  };
  /** Redeems a pairing link in the address, else asks the bridge who this phone is. */
  async function check(): Promise<void> {
    const secret = secretInFragment(env.readHash());
    if (secret) {
      // Off the address bar before anything else: the secret must not stay in history or a bookmark.
      env.replaceHash('#/');
      state.value = { phase: 'pairing' };
      try {
        // Asked again while the bridge says to wait: each ask is held until a paired phone decides.
        for (;;) {
          const reply = await client.pair({ secret, name: env.suggestedName() });
          if ('device' in reply) return void (state.value = { phase: 'paired', device: reply.device });
          state.value = { phase: 'waiting', expiresAt: reply.waiting.expiresAt };
        }
      } catch (err) {
        state.value = refused(err);
      }
      return;
    }
    try {
      state.value = { phase: 'paired', device: (await client.device()).device };
    } catch (err) {
      // Not reachable now: show what the phone can; the first 401 turns this into the pairing screen.
      state.value = err instanceof BridgeHttpError && err.status === 401 ? { phase: 'unpaired', why: 'never' } : { phase: 'paired', device: null };
    }
  }

  let first = Promise.resolve();
  return {
    state,
    checked: () => first,
    canAct: computed(() => {
      const now = state.value;
      return now.phase !== 'paired' || now.device?.role !== 'watch';
    }),
    start() {
      first = check();
      return env.onHashChange(() => {
        if (hasPairingLink(env.readHash())) void check();
      });
    },
    lost() {
      const now = state.peek();
      if (now.phase === 'paired') state.value = { phase: 'unpaired', why: now.device ? 'revoked' : 'never' };
    },
    async rename(name) {
      try {
        state.value = { phase: 'paired', device: (await client.renameDevice(name)).device };
        return true;
      } catch {
        return false; // the field stays as typed; the settings screen says it was not saved
      }
    },
    async forget() {
      await client.forgetDevice().catch(() => undefined); // forgotten here either way: the cookie is the bridge's to clear
      state.value = { phase: 'unpaired', why: 'never' };
    },
  };
}
