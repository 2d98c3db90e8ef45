import { createHash, timingSafeEqual } from 'node:crypto';

/** The check of a bearer token, and the way to change the tokens it accepts while the agent runs. */
export interface TokenCheck {
  (authorization: string | undefined): boolean;
  /** Accepts these tokens from the next request on (a rotation without a restart: WIRE.md §1). */
  replace(tokens: readonly string[]): void;
}

/**
 * Checks `Authorization: Bearer <token>` against the accepted tokens in constant time: both
 * sides are hashed to the same length first, and every accepted token is compared every time.
 * During a rotation two tokens are accepted (`COLLIE_TOKEN` and, while set, `COLLIE_TOKEN_NEXT`).
 */
export function createTokenCheck(tokens: readonly string[]): TokenCheck {
  let accepted = digests(tokens);
  const check = (authorization: string | undefined) => {
    const presented = digest(/^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '');
    let ok = false;
    for (const token of accepted) ok = timingSafeEqual(presented, token) || ok;
    return ok;
  };
  return Object.assign(check, { replace: (next: readonly string[]) => void (accepted = digests(next)) });
}

function digests(tokens: readonly string[]): Buffer[] {
  const accepted = tokens
    .map((t) => t.trim())
    .filter((t) => t !== '')
    .map(digest);
  // No token would lock every caller out, the bridge included: refuse rather than serve nobody.
  if (accepted.length === 0) throw new Error('the token transport needs at least one token');
  return accepted;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** The tokens an agent accepts from its environment. */
export function tokensFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return [env.COLLIE_TOKEN, env.COLLIE_TOKEN_NEXT].filter((t): t is string => typeof t === 'string' && t.trim() !== '');
}
