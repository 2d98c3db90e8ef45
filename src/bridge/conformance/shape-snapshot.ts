import { createHash } from 'node:crypto';
import { isValidEpoch } from '../../wire/epoch-rule';
import { isValidId } from '../../wire/ids';
import { LIMITS } from '../../wire/limits';
import { count, isRecord, type Rec } from '../../wire/read';
import { FORM_FIELD_TYPES, PANE_STATES, PERMISSION_EFFECTS } from '../../wire/types';
import { asList, rawPanes } from './rule';
import { timeProblems, turnProblems } from './shape-events';

/**
 * Pure judges of a raw snapshot (WIRE.md §4–6). Each returns the problems it found, worded for
 * one FAIL line; an empty list means the part holds. They read the agent's JSON as sent, never
 * the bridge's cleaned copy, because cleaning hides exactly what the check must see.
 */

/** The ask id rule, computed here on its own so the check never trusts the agent's arithmetic. */
export function expectedAskId(paneId: string, toolCallId: string): string {
  return createHash('sha256').update(`${paneId}\u0000${toolCallId}`, 'utf8').digest('hex').slice(0, 32);
}

/** A word list as a FAIL line names it: `a, b or c`. */
const wordList = (words: readonly string[]): string => `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
const idProblem = (what: string, id: unknown): string[] => (isValidId(id) ? [] : [`${what} has a bad id ${JSON.stringify(id)}`]);

/** Layout, ids and counts of the whole snapshot. */
export function snapshotShapeProblems(snapshot: Rec): string[] {
  const problems: string[] = [];
  if (!isValidEpoch(snapshot.epoch)) problems.push('epoch is not 22–128 chars of [A-Za-z0-9_-]');
  if (count(snapshot.rev) === undefined) problems.push('rev is not a non-negative integer');
  if (!Array.isArray(snapshot.workspaces)) problems.push('workspaces is not a list');
  if (!Array.isArray(snapshot.starters)) problems.push('starters is not a list');
  const workspaces = asList(snapshot.workspaces);
  if (workspaces.length > LIMITS.workspaces) problems.push(`${workspaces.length} workspaces, over ${LIMITS.workspaces}`);
  let tabs = 0;
  for (const ws of workspaces) {
    if (!isRecord(ws)) {
      problems.push('a workspace is not an object');
      continue;
    }
    problems.push(...idProblem('a workspace', ws.id));
    if (!Array.isArray(ws.tabs)) problems.push(`workspace ${String(ws.id)} has no tabs list`);
    for (const tab of asList(ws.tabs)) {
      tabs += 1;
      if (!isRecord(tab)) problems.push('a tab is not an object');
      else {
        problems.push(...idProblem('a tab', tab.id));
        if (!Array.isArray(tab.panes)) problems.push(`tab ${String(tab.id)} has no panes list`);
      }
    }
  }
  if (tabs > LIMITS.tabs) problems.push(`${tabs} tabs, over ${LIMITS.tabs}`);
  const panes = rawPanes(snapshot);
  if (panes.length > LIMITS.panes) problems.push(`${panes.length} panes, over ${LIMITS.panes}`);
  const seen = new Set<string>();
  for (const pane of panes) {
    problems.push(...paneProblems(pane));
    if (typeof pane.id === 'string' && seen.has(pane.id)) problems.push(`pane id ${pane.id} is used twice`);
    if (typeof pane.id === 'string') seen.add(pane.id);
  }
  const starters = asList(snapshot.starters);
  if (starters.length > LIMITS.starters) problems.push(`${starters.length} starters, over ${LIMITS.starters}`);
  for (const starter of starters) problems.push(...idProblem('a starter', isRecord(starter) ? starter.id : undefined));
  return problems;
}

function paneProblems(pane: Rec): string[] {
  const problems = idProblem('a pane', pane.id);
  const name = `pane ${String(pane.id)}`;
  if (!(PANE_STATES as readonly unknown[]).includes(pane.state)) problems.push(`${name}: state ${JSON.stringify(pane.state)} is not ${wordList(PANE_STATES)}`);
  if (count(pane.cursor) === undefined) problems.push(`${name}: cursor is not a non-negative integer`);
  if (!Array.isArray(pane.asks)) problems.push(`${name}: asks is not a list`);
  else if (pane.asks.length > LIMITS.openAsksPerPane) problems.push(`${name}: ${pane.asks.length} open asks, over ${LIMITS.openAsksPerPane}`);
  if (pane.turn !== null && pane.turn !== undefined) problems.push(...turnProblems(name, pane.turn));
  const belt = asList(pane.belt);
  if (belt.length > LIMITS.beltButtons) problems.push(`${name}: ${belt.length} belt buttons, over ${LIMITS.beltButtons}`);
  for (const button of belt) {
    if (!isRecord(button)) continue;
    problems.push(...idProblem(`${name}: a belt button`, button.id));
    if (typeof button.label === 'string' && [...button.label].length > LIMITS.beltLabelChars) {
      problems.push(`${name}: belt label ${JSON.stringify(button.label)} is over ${LIMITS.beltLabelChars} characters`);
    }
  }
  return problems;
}

/** `waiting` exactly while asks are open: a lying state could hide a question. */
export function paneStateProblems(snapshot: Rec): string[] {
  const problems: string[] = [];
  for (const pane of rawPanes(snapshot)) {
    const open = asList(pane.asks).length;
    if (open > 0 && pane.state !== 'waiting') problems.push(`pane ${String(pane.id)} has ${open} open ask(s) but state ${JSON.stringify(pane.state)}`);
    if (open === 0 && pane.state === 'waiting') problems.push(`pane ${String(pane.id)} is waiting with no open ask`);
  }
  return problems;
}

/** One open ask: its id is the hash, its revision counts from 1, its kind keeps its limits. */
export function askProblems(paneId: string, ask: unknown): string[] {
  if (!isRecord(ask)) return [`pane ${paneId}: an ask is not an object`];
  const name = `ask ${String(ask.id)} in pane ${paneId}`;
  if (!isValidId(ask.toolCallId)) return [`${name}: toolCallId ${JSON.stringify(ask.toolCallId)} breaks the id rule`];
  const problems: string[] = [];
  const expected = expectedAskId(paneId, ask.toolCallId);
  if (ask.id !== expected) problems.push(`${name}: id is not SHA-256(paneId + U+0000 + toolCallId), expected ${expected}`);
  const revision = count(ask.revision);
  if (revision === undefined || revision < 1) problems.push(`${name}: revision ${JSON.stringify(ask.revision)} is not an integer ≥ 1`);
  problems.push(...timeProblems(name, ask, ['createdAt', 'expiresAt']));
  const options = asList(ask.options);
  switch (ask.kind) {
    case 'permission':
      if (options.length > LIMITS.permissionOptions) problems.push(`${name}: ${options.length} options, over ${LIMITS.permissionOptions}`);
      for (const option of options) {
        const effect = isRecord(option) ? option.effect : undefined;
        if (!(PERMISSION_EFFECTS as readonly unknown[]).includes(effect)) problems.push(`${name}: option effect ${JSON.stringify(effect)} is not ${wordList(PERMISSION_EFFECTS)}`);
      }
      problems.push(...optionIdProblems(name, options));
      break;
    case 'choice':
      if (options.length > LIMITS.choiceOptions) problems.push(`${name}: ${options.length} options, over ${LIMITS.choiceOptions}`);
      problems.push(...optionIdProblems(name, options));
      break;
    case 'form': {
      const fields = asList(ask.fields);
      if (fields.length > LIMITS.formFields) problems.push(`${name}: ${fields.length} fields, over ${LIMITS.formFields}`);
      for (const field of fields) {
        if (!isRecord(field) || !isValidId(field.id)) problems.push(`${name}: a field has a bad id`);
        else if (!(FORM_FIELD_TYPES as readonly unknown[]).includes(field.type)) problems.push(`${name}: field ${field.id} has type ${JSON.stringify(field.type)}`);
        else if (field.type === 'choice' && asList(field.options).length > LIMITS.choiceOptions) {
          problems.push(`${name}: field ${field.id} has ${asList(field.options).length} options, over ${LIMITS.choiceOptions}`);
        }
      }
      break;
    }
    default:
      break; // text, and kinds this build does not know, have no counted parts
  }
  return problems;
}

function optionIdProblems(name: string, options: unknown[]): string[] {
  return options.flatMap((option) => idProblem(`${name}: an option`, isRecord(option) ? option.id : undefined));
}
