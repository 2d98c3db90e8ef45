/**
 * The pairing link, a rule both sides read: the bridge makes `<origin>/#pair=<secret>` and takes a
 * secret back only in this shape; the phone finds it in its address. The secret travels only in
 * the fragment, so it never reaches a log or a proxy.
 */

/** A secret as a link carries it: base64url, of a sane length (anything else is not looked up). */
const SECRET = '[A-Za-z0-9_-]{32,128}';
const WHOLE_SECRET = new RegExp(`^${SECRET}$`);
/** `#pair=<secret>` in an address's fragment, first or after another `&`-joined part. */
const PAIR_FRAGMENT = new RegExp(`(?:^#|&)pair=(${SECRET})`);

/** An invitation works once and lives this long. */
export const INVITATION_MS = 10 * 60 * 1000;
/** Its lifetime as the CLI says it ("10 minutes"), derived, so the words follow the rule. */
export const INVITATION_LIFETIME_WORDS = `${INVITATION_MS / 60_000} minutes`;

export function looksLikeSecret(value: unknown): value is string {
  return typeof value === 'string' && WHOLE_SECRET.test(value);
}

export const pairingLink = (origin: string, secret: string): string => `${origin}/#pair=${secret}`;

/** The secret in an address's fragment, or undefined when it carries no pairing link. */
export const secretInFragment = (hash: string): string | undefined => PAIR_FRAGMENT.exec(hash)?.[1];
