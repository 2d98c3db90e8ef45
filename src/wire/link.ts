import { LIMITS } from './limits';

const UNSAFE_IN_URL = /[\u0000-\u0020\u007f-\u00a0\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff\s]|[\u{e0000}-\u{e007f}]/u;

/**
 * A link the phone may open: `https://` with a host, no user or password, no space, control or
 * invisible character, at most 2048 characters. Anything else is dropped, never repaired.
 */
export function isSafeLinkUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > LIMITS.linkUrlChars) return false;
  if (UNSAFE_IN_URL.test(value)) return false;
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
