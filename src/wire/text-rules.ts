import { LIMITS } from './limits';
import { utf8Length } from './utf8';

export type TextProblem = { problem: 'empty' } | { problem: 'too-long'; bytes: number; limit: number };

/**
 * Text the phone sends (a send or a steer): something besides white space, at most 32768 bytes.
 * The phone refuses before sending and the bridge refuses again, by this one rule.
 */
export function sendTextProblem(text: string): TextProblem | null {
  if (text.trim() === '') return { problem: 'empty' };
  const bytes = utf8Length(text);
  return bytes > LIMITS.sendTextBytes ? { problem: 'too-long', bytes, limit: LIMITS.sendTextBytes } : null;
}

/** A new title (rename): measured as it will be kept, trimmed; at most 256 bytes. */
export function titleProblem(title: string): TextProblem | null {
  const kept = title.trim();
  if (kept === '') return { problem: 'empty' };
  const bytes = utf8Length(kept);
  return bytes > LIMITS.titleBytes ? { problem: 'too-long', bytes, limit: LIMITS.titleBytes } : null;
}
