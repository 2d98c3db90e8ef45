import { randomBytes } from 'node:crypto';
import type { LinkMadeJson, PairingRequestJson } from '../../wire/pairing-json';
import type { DeviceInfo } from './device-store';
import type { Role } from './device-file';
import { hashSecret } from './secrets';

/** Devices waiting for a paired phone's Allow at once; a new one past this ends the oldest. */
export const MAX_WAITING = 5;

/** A device that opened a valid pairing link while a phone that may act was paired already. */
export interface PairingRequest {
  id: string;
  name: string;
  role: Role;
  /** Where and when the link was made. */
  made: LinkMadeJson | null;
  madeAt: number;
  /** Where it was opened. */
  from: { address: string; browser: string };
  askedAt: number;
  /** The link's own expiry: an unanswered request ends with it. */
  expiresAt: number;
  state: 'waiting' | 'allowed' | 'refused' | 'expired';
  decidedBy?: Pick<DeviceInfo, 'id' | 'name'>;
}

/**
 * The devices waiting to pair (docs/bridge.md §10), in memory only, each known by its link's
 * secret hash: the new device asks again with the same link until a paired phone that may act
 * allows or refuses it (or the link expires). The dashboard follows `version`, so a paired phone
 * sees a request the moment it is made.
 */
export class PairingRequests {
  private readonly bySecret = new Map<string, PairingRequest>();
  private readonly listeners = new Set<() => void>();
  version = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Holds a device at its link's secret until a phone decides. */
  hold(secret: string, request: Omit<PairingRequest, 'id' | 'askedAt' | 'state'>): PairingRequest {
    this.sweep();
    const waiting = [...this.bySecret.values()].filter((r) => r.state === 'waiting');
    if (waiting.length >= MAX_WAITING) this.settle(waiting[0]!, 'expired');
    const held: PairingRequest = { ...request, id: `p-${randomBytes(6).toString('hex')}`, askedAt: this.now(), state: 'waiting' };
    this.bySecret.set(hashSecret(secret), held);
    this.changed();
    return held;
  }

  /** The request a link's secret holds, whatever its state. */
  find(secret: string): PairingRequest | undefined {
    this.sweep();
    return this.bySecret.get(hashSecret(secret));
  }

  /** A phone's answer; null when no request has that id or it is no longer waiting. */
  decide(id: string, allow: boolean, device: DeviceInfo): PairingRequest | null {
    this.sweep();
    const request = [...this.bySecret.values()].find((r) => r.id === id);
    if (!request || request.state !== 'waiting') return null;
    request.decidedBy = { id: device.id, name: device.name };
    this.settle(request, allow ? 'allowed' : 'refused');
    return request;
  }

  /** The allowed request, once: its device is made now, and the link is spent. */
  collect(secret: string): void {
    this.bySecret.delete(hashSecret(secret));
    this.changed();
  }

  /** Resolves once the request is decided (or expires), or after `ms`. */
  decided(request: PairingRequest, ms: number, signal: AbortSignal): Promise<void> {
    if (request.state !== 'waiting') return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        clearTimeout(expiry);
        this.listeners.delete(check);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const check = () => request.state !== 'waiting' && done();
      const timer = setTimeout(done, ms);
      const expiry = setTimeout(() => (this.sweep(), done()), Math.max(0, request.expiresAt - this.now()));
      this.listeners.add(check);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  /** What a paired phone is shown: every device still waiting, oldest first. */
  waiting(): PairingRequestJson[] {
    this.sweep();
    return [...this.bySecret.values()].filter((r) => r.state === 'waiting').map(toJson);
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private settle(request: PairingRequest, state: PairingRequest['state']): void {
    request.state = state;
    this.changed();
  }

  /** A request past its link's expiry ends; an ended one is forgotten once its link could no longer be tried. */
  private sweep(): void {
    const now = this.now();
    for (const [key, request] of this.bySecret) {
      if (request.state === 'waiting' && request.expiresAt <= now) this.settle(request, 'expired');
      if (request.state !== 'waiting' && request.expiresAt + 60_000 <= now) this.bySecret.delete(key);
    }
  }

  private changed(): void {
    this.version += 1;
    for (const listener of [...this.listeners]) listener();
  }
}

function toJson(request: PairingRequest): PairingRequestJson {
  return {
    id: request.id,
    name: request.name,
    role: request.role,
    made: request.made,
    madeAt: new Date(request.madeAt).toISOString(),
    from: request.from,
    askedAt: new Date(request.askedAt).toISOString(),
    expiresAt: new Date(request.expiresAt).toISOString(),
  };
}
