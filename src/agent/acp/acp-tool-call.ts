import { cleanField } from '../../wire/clean';
import { LIMITS } from '../../wire/limits';
import { isRecord } from '../../wire/read';
import { commandOf } from '../../wire/tool-summary';

/**
 * What the host keeps of an ACP tool call (`tool_call`, `tool_call_update`, and the tool call a
 * `session/request_permission` carries), merged as updates come: every field as the protocol
 * names it, each checked on the way in (an agent may send anything). Only `toolCallId` is required.
 */
export interface AcpToolCall {
  toolCallId: string;
  /** The agent's own words for the call: shown only beside what the call itself says. */
  title?: string;
  /** The tool's programmatic name, when the agent gives one. */
  name?: string;
  kind?: string;
  status?: 'pending' | 'in_progress' | 'completed' | 'failed';
  locations?: { path: string; line?: number }[];
  rawInput?: unknown;
  rawOutput?: unknown;
  /** Text the tool produced, and the files it changes. */
  text?: string;
  diffs?: { path: string; oldText: string | null; newText: string }[];
}

const STATUSES = ['pending', 'in_progress', 'completed', 'failed'] as const;
/** A tool call's id, as the phone's ids allow it (it names the card and the item). */
const ID = /^[\x21-\x7e]{1,96}$/;

/** An update's fields over what was known of the call; null when it names no tool call id the host can use. */
export function mergeToolCall(known: AcpToolCall | undefined, raw: unknown): AcpToolCall | null {
  if (!isRecord(raw) || typeof raw.toolCallId !== 'string' || !ID.test(raw.toolCallId)) return null;
  const call: AcpToolCall = { ...(known ?? {}), toolCallId: raw.toolCallId };
  if (typeof raw.title === 'string') call.title = cleanField.title(raw.title).text;
  if (typeof raw.name === 'string') call.name = cleanField.label(raw.name).text;
  if (typeof raw.kind === 'string') call.kind = cleanField.label(raw.kind).text;
  if (typeof raw.status === 'string' && (STATUSES as readonly string[]).includes(raw.status)) call.status = raw.status as AcpToolCall['status'];
  if (Array.isArray(raw.locations))
    call.locations = raw.locations
      .filter((l): l is Record<string, unknown> => isRecord(l) && typeof l.path === 'string')
      .slice(0, LIMITS.toolInputEntries)
      .map((l) => ({ path: cleanField.line(l.path as string).text, ...(typeof l.line === 'number' && Number.isInteger(l.line) && l.line >= 0 ? { line: l.line } : {}) }));
  if ('rawInput' in raw && raw.rawInput !== undefined) call.rawInput = raw.rawInput;
  if ('rawOutput' in raw && raw.rawOutput !== undefined) call.rawOutput = raw.rawOutput;
  if (Array.isArray(raw.content)) {
    const text: string[] = [];
    const diffs: NonNullable<AcpToolCall['diffs']> = [];
    for (const part of raw.content.slice(0, LIMITS.toolInputEntries)) {
      if (!isRecord(part)) continue;
      if (part.type === 'diff' && typeof part.path === 'string' && typeof part.newText === 'string')
        diffs.push({ path: part.path, oldText: typeof part.oldText === 'string' ? part.oldText : null, newText: part.newText });
      else if (part.type === 'content' && isRecord(part.content)) text.push(contentText(part.content));
      else if (part.type === 'terminal') text.push('[terminal]');
    }
    call.text = text.join('\n');
    call.diffs = diffs;
  }
  return call;
}

/** A content block as words: its text, or what kind of thing it is. */
export function contentText(block: Record<string, unknown>): string {
  if (block.type === 'text' && typeof block.text === 'string') return block.text;
  if (block.type === 'resource_link' && typeof block.uri === 'string') return `[${typeof block.name === 'string' ? block.name : block.uri}]`;
  if (block.type === 'resource' && isRecord(block.resource) && typeof block.resource.text === 'string') return block.resource.text;
  return `[${typeof block.type === 'string' ? block.type.slice(0, 32) : 'content'}]`;
}

/** The call's command, when its input names one (the wire's rule, as cards and notifications read it). */
export const callCommand = (call: AcpToolCall): string | undefined => commandOf(call.rawInput);

/** The tool's name as the phone shows it: its programmatic name, else its kind. */
export const toolName = (call: AcpToolCall): string => call.name || call.kind || 'tool';

/** One line of what the call acts on, from its input and locations only: the command, else the first path. */
export function callSummary(call: AcpToolCall): string {
  const command = callCommand(call);
  if (command !== undefined) return cleanField.line(command.split('\n', 1)[0]! + (command.includes('\n') ? ' …' : '')).text;
  const path = call.diffs?.[0]?.path ?? call.locations?.[0]?.path ?? (isRecord(call.rawInput) && typeof call.rawInput.path === 'string' ? call.rawInput.path : undefined);
  return path !== undefined ? cleanField.line(path).text : '';
}
