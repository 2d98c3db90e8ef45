import { isValidId } from '../../wire/ids';
import { isRecord, time, type Rec } from '../../wire/read';
import { DECIDED_BY, TURN_STATES } from '../../wire/types';

/**
 * Pure judges of the events that are not items (WIRE.md §7, §8), and of the wire's times (§5):
 * each returns its problems worded for one FAIL line, naming the field that is wrong.
 */

const quoted = (value: unknown): string => (JSON.stringify(value) ?? 'undefined').slice(0, 80);

/**
 * The answer an ask was decided with: exactly one of `optionIds` (ids), `text` or `values` (an
 * object). As the schema's `Outcome`, a value's words are not judged: the bridge keeps only its shape.
 */
function isOutcome(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const present = OUTCOME_KEYS.filter((key) => value[key] !== undefined);
  if (present.length !== 1) return false;
  const { optionIds, text, values } = value;
  return (Array.isArray(optionIds) && optionIds.every(isValidId)) || typeof text === 'string' || isRecord(values);
}
const OUTCOME_KEYS = ['optionIds', 'text', 'values'] as const;

/** `decidedBy` and `outcome` as `ask-closed` and `409 decided` carry them. */
export function decisionProblems(where: string, decidedBy: unknown, outcome: unknown): string[] {
  const problems: string[] = [];
  if (!(DECIDED_BY as readonly unknown[]).includes(decidedBy)) problems.push(`${where}: decidedBy ${quoted(decidedBy)} is not phone, program or timeout`);
  // `outcome` here is the answer the ask was decided with, never the 200 reply's word (WIRE.md §7).
  if (outcome === undefined) problems.push(`${where}: outcome is missing (null when no answer decided the ask)`);
  else if (outcome !== null && !isOutcome(outcome)) {
    problems.push(`${where}: outcome ${quoted(outcome)} is neither null nor an answer ({ optionIds }, { text } or { values })`);
  }
  return problems;
}

/** A field that, when present, must be a time with a zone: the wire has no local times. */
export function timeProblems(where: string, record: Rec, fields: readonly string[], owner = ''): string[] {
  return fields
    .filter((field) => record[field] !== undefined && time(record[field]) === undefined)
    .map((field) => `${where}: ${owner}${field} ${quoted(record[field])} is not an ISO 8601 time with a zone`);
}

/** A turn as the snapshot, an event or a reply carries it. */
export function turnProblems(where: string, turn: unknown): string[] {
  if (!isRecord(turn)) return [`${where}: turn is not an object`];
  const problems: string[] = [];
  if (!isValidId(turn.id)) problems.push(`${where}: turn id ${quoted(turn.id)} breaks the id rule`);
  if (!(TURN_STATES as readonly unknown[]).includes(turn.state)) problems.push(`${where}: turn state ${quoted(turn.state)} is not running, done, stopped or failed`);
  return [...problems, ...timeProblems(where, turn, ['startedAt', 'endedAt'], 'turn ')];
}

/** One raw event of a page; items are judged by the item rule, asks by the ask rule. */
export function eventProblems(paneId: string, event: unknown): string[] {
  if (!isRecord(event)) return [`pane ${paneId}: an event is not an object`];
  const where = `pane ${paneId}, event ${quoted(event.seq)} (${quoted(event.type)})`;
  if (event.type === 'ask-closed') {
    const problems = isValidId(event.askId) ? [] : [`${where}: askId ${quoted(event.askId)} breaks the id rule`];
    return [...problems, ...decisionProblems(where, event.decidedBy, event.outcome)];
  }
  if (event.type === 'turn') return turnProblems(where, event.turn);
  return [];
}
