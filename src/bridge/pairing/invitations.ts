import { rememberBounded } from '../../wire/bounded-map';
import { INVITATION_MS } from '../../wire/pairing-link';
import type { LinkMadeJson } from '../../wire/pairing-json';
import type { Role } from './device-file';
import { hashSecret, mintSecret } from './secrets';

/** Used and expired invitations remembered, so the phone can be told which it was. */
const SPENT_MEMORY = 100;

/** What a phone's invitation says of the device it pairs. */
export interface DeviceInvitation {
  /** The name the device is given (`collie pair --name`), else the browser's. */
  name?: string | null;
  role: Role;
  /** Where the link was made, for the paired phone that must allow the device (null: the bridge could not tell). */
  made?: LinkMadeJson | null;
}

export type Invitation<T extends object = DeviceInvitation> = T & { expiresAt: number };

export type Redeemed<T extends object = DeviceInvitation> = { ok: true; invitation: Invitation<T> } | { ok: false; why: 'used' | 'expired' | 'unknown' };

/**
 * The bridge's open invitations, in memory only: each is known by the hash of its secret, which
 * travels only in the link's fragment (`#pair=<secret>`), so it never reaches a log or a proxy.
 * A crew's join codes (`collie crew invite`) are invitations too, under the same rules: what
 * each carries is `T`.
 */
export class Invitations<T extends object = DeviceInvitation> {
  private readonly open = new Map<string, Invitation<T>>();
  private readonly spent = new Map<string, 'used' | 'expired'>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A new invitation; its secret is returned once, for the link, and never kept. */
  create(carried: T): { secret: string; expiresAt: number } {
    this.sweep();
    const secret = mintSecret();
    const expiresAt = this.now() + INVITATION_MS;
    this.open.set(hashSecret(secret), { ...carried, expiresAt });
    return { secret, expiresAt };
  }

  /** Takes an invitation (once): the secret is looked up by its hash, so no comparison depends on the secret. */
  redeem(secret: string): Redeemed<T> {
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
