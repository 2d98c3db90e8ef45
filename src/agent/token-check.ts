import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Checks `Authorization: Bearer <token>` against the accepted tokens in constant time: both
 * sides are hashed to the same length first, and every accepted token is compared every time.
 * During a rotation two tokens are accepted (`COLLIE_TOKEN` and, while set, `COLLIE_TOKEN_NEXT`).
 */
export function createTokenCheck(tokens: readonly string[]): (authorization: string | undefined) => boolean {
  const accepted = tokens
    .map((t) => t.trim())
    .filter((t) => t !== '')
    .map(digest);
  if (accepted.length === 0) throw new Error('the token transport needs at least one token');
  return (authorization) => {
    const presented = digest(/^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '');
    let ok = false;
    for (const token of accepted) ok = timingSafeEqual(presented, token) || ok;
    return ok;
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** The tokens an agent accepts from its environment. */
export function tokensFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return [env.COLLIE_TOKEN, env.COLLIE_TOKEN_NEXT].filter((t): t is string => typeof t === 'string' && t.trim() !== '');
}
