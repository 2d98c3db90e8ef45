import { rememberBounded } from '../../wire/bounded-map';
import { INVITATION_MS } from '../../wire/pairing-link';
import type { Role } from './device-file';
import { hashSecret, mintSecret } from './secrets';

/** Used and expired invitations remembered, so the phone can be told which it was. */
const SPENT_MEMORY = 100;

export interface Invitation {
  /** The name the device is given (`collie pair --name`), else the browser's. */
  name: string | null;
  role: Role;
  expiresAt: number;
}

export type Redeemed = { ok: true; invitation: Invitation } | { ok: false; why: 'used' | 'expired' | 'unknown' };

/**
 * The bridge's open invitations, in memory only: each is known by the hash of its secret, which
 * travels only in the link's fragment (`#pair=<secret>`), so it never reaches a log or a proxy.
 */
export class Invitations {
  private readonly open = new Map<string, Invitation>();
  private readonly spent = new Map<string, 'used' | 'expired'>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A new invitation; its secret is returned once, for the link, and never kept. */
  create(options: { name?: string | null; role: Role }): { secret: string; expiresAt: number } {
    this.sweep();
    const secret = mintSecret();
    const expiresAt = this.now() + INVITATION_MS;
    this.open.set(hashSecret(secret), { name: options.name ?? null, role: options.role, expiresAt });
    return { secret, expiresAt };
  }

  /** Takes an invitation (once): the secret is looked up by its hash, so no comparison depends on the secret. */
  redeem(secret: string): Redeemed {
    this.sweep();
    const key = hashSecret(secret);
    const invitation = this.open.get(key);
    if (invitation) {
      this.open.delete(key);
      rememberBounded(this.spent, key, 'used', SPENT_MEMORY);
      return { ok: true, invitation };
    }
    const spent = this.spent.get(key);
    return { ok: false, why: spent ?? 'unknown' };
  }

  /** How many invitations can still be taken. */
  get count(): number {
    this.sweep();
    return this.open.size;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, invitation] of this.open) {
      if (invitation.expiresAt > now) continue;
      this.open.delete(key);
      rememberBounded(this.spent, key, 'expired', SPENT_MEMORY);
    }
  }
}
