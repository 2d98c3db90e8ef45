import { hasRemovedCharacter } from './clean';
import { LIMITS } from './limits';

/** White space of any kind; controls and invisible characters come from the cleaner's own rule. */
const SPACE = /\s/u;

/**
 * A link the phone may open: `https://` with a host, no user or password, no space, control or
 * invisible character, at most 2048 characters. Anything else is dropped, never repaired.
 */
export function isSafeLinkUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > LIMITS.linkUrlChars) return false;
  if (SPACE.test(value) || hasRemovedCharacter(value)) return false;
  // The text itself must name a host: WHATWG parsing would quietly repair `https:///x` or backslashes.
  if (!/^https:\/\/[^/\\]/i.test(value) || value.includes('\\')) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false; // not a URL at all: dropped like any other unsafe link
  }
  return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
}
