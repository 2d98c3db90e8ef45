import type { AnsweredBy, DecisionEntry } from './bridge-json';
import { cleanField } from './clean';
import { isValidId } from './ids';
import { LIMITS } from './limits';
import { isRecord, list, oneOf, time } from './read';
import { DECIDED_BY } from './types';

/**
 * A decision line read from untrusted JSON (the bridge's own disk cache, a crew member's chat),
 * through the wire's cleaner: the one reading of every field, or null when it is no line.
 */
export function parseDecision(raw: unknown): DecisionEntry | null {
  if (!isRecord(raw) || raw.type !== 'decision') return null;
  const decidedBy = oneOf(raw.decidedBy, DECIDED_BY);
  if (!isValidId(raw.id) || !decidedBy) return null;
  const entry: DecisionEntry = { type: 'decision', id: raw.id, decidedBy, title: cleanField.title(typeof raw.title === 'string' ? raw.title : '').text };
  if (isValidId(raw.askId)) entry.askId = raw.askId;
  const at = time(raw.at);
  if (at !== undefined) entry.at = at;
  const answered = isRecord(raw.answered) ? raw.answered : null;
  if (answered && Array.isArray(answered.labels))
    entry.answered = { labels: list(answered.labels, LIMITS.choiceOptions, (l) => (typeof l === 'string' ? cleanField.label(l).text : null)) };
  else if (answered) {
    const typed = oneOf(answered.typed, ['text', 'form'] as const);
    if (typed) entry.answered = { typed };
  }
  if (typeof raw.tool === 'string') entry.tool = cleanField.label(raw.tool).text;
  const by = parseAnsweredBy(raw.by);
  if (by) entry.by = by;
  return entry;
}

function parseAnsweredBy(raw: unknown): AnsweredBy | null {
  if (!isRecord(raw) || !isValidId(raw.deviceId) || typeof raw.device !== 'string') return null;
  return { deviceId: raw.deviceId, device: cleanField.label(raw.device).text, ...(raw.via === 'notification' ? { via: 'notification' as const } : {}) };
}
