/**
 * An Agents SDK chat as the phone reads it: its messages (the AI SDK's UI messages, as
 * `AIChatAgent.messages` holds them) become items, and each tool call waiting for approval becomes
 * a permission card built from the tool's name and input. Pure: the same messages give the same
 * items, so the mirror can run at every poll and write only what changed.
 */
import { cleanField } from '../../../wire/clean';
import { isRecord } from '../../../wire/read';
import type { ItemSpec, PermissionAskSpec, PermissionOption, ToolStatus } from '../../kit-exports';

/** The part of a UI message the mirror reads (`{ id, role, parts }`); anything else in it is left alone. */
export interface ChatMessageLike {
  id: string;
  role: string;
  parts: readonly unknown[];
}

/** A tool call the model made, as a message part says it stands. */
export interface ToolCallPart {
  toolCallId: string;
  name: string;
  state: string;
  input: unknown;
  output?: unknown;
  errorText?: string;
}

/** A message the phone itself sent: the kit already shows it as the person's line (`u-<request id>`). */
export const PHONE_MESSAGE_PREFIX = 'phone-';

export const toolItemId = (toolCallId: string) => `tool-${toolCallId}`;

/** The card's two answers: the SDK's approval is yes or no, with nothing that lasts. */
export const APPROVAL_OPTIONS: PermissionOption[] = [
  { id: 'allow', label: 'Allow', effect: 'allow' },
  { id: 'deny', label: 'Deny', effect: 'deny' },
];

const STATUS: Record<string, ToolStatus> = {
  'output-available': 'done',
  'output-error': 'failed',
  'output-denied': 'denied',
};

/** A tool part (`tool-<name>`, or `dynamic-tool` naming its tool), else null. */
export function toolCallOf(part: unknown): ToolCallPart | null {
  if (!isRecord(part) || typeof part.type !== 'string' || typeof part.toolCallId !== 'string' || typeof part.state !== 'string') return null;
  const name = part.type === 'dynamic-tool' ? part.toolName : part.type.startsWith('tool-') ? part.type.slice('tool-'.length) : undefined;
  if (typeof name !== 'string' || name === '') return null;
  return {
    toolCallId: part.toolCallId,
    name,
    state: part.state,
    input: part.input,
    ...('output' in part ? { output: part.output } : {}),
    ...(typeof part.errorText === 'string' ? { errorText: part.errorText } : {}),
  };
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? ''));

/** The input on one line, for the tool item's summary: `version 1.4.0, notes …` for plain fields, else its JSON. */
const summaryOf = (input: unknown): string | undefined => {
  if (input === undefined || input === null) return undefined;
  if (typeof input === 'string') return input || undefined;
  const entries = isRecord(input) ? Object.entries(input) : [];
  if (entries.length > 0 && entries.every(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))) {
    return entries.map(([key, value]) => `${key} ${String(value)}`).join(', ');
  }
  const line = JSON.stringify(input);
  return line === '{}' ? undefined : line;
};

function toolItem(call: ToolCallPart): ItemSpec {
  const summary = summaryOf(call.input);
  const output = call.state === 'output-error' ? call.errorText : call.state === 'output-available' ? asText(call.output) : undefined;
  return {
    id: toolItemId(call.toolCallId),
    kind: 'tool',
    toolCallId: call.toolCallId,
    name: call.name,
    status: STATUS[call.state] ?? 'running',
    ...(summary !== undefined ? { summary } : {}),
    ...(output ? { output } : {}),
  };
}

/** Every item the chat shows: the person's lines, replies as markdown, reasoning, tool calls with status and output. */
export function chatItems(messages: readonly ChatMessageLike[]): ItemSpec[] {
  const items: ItemSpec[] = [];
  for (const message of messages) {
    if (message.role === 'user') {
      if (message.id.startsWith(PHONE_MESSAGE_PREFIX)) continue;
      const text = message.parts.map((part) => (isRecord(part) && part.type === 'text' && typeof part.text === 'string' ? part.text : '')).join('');
      if (text) items.push({ id: `m-${message.id}`, kind: 'user', text });
      continue;
    }
    if (message.role !== 'assistant') continue;
    message.parts.forEach((part, index) => {
      const call = toolCallOf(part);
      if (call) return void items.push(toolItem(call));
      if (!isRecord(part) || typeof part.text !== 'string' || part.text.trim() === '') return;
      if (part.type === 'text') items.push({ id: `m-${message.id}-${index}`, kind: 'markdown', text: part.text });
      else if (part.type === 'reasoning') items.push({ id: `m-${message.id}-${index}`, kind: 'thinking', text: part.text });
    });
  }
  return items;
}

/** Every tool call that waits for the person's approval now. */
export function waitingApprovals(messages: readonly ChatMessageLike[]): ToolCallPart[] {
  return messages.flatMap((message) =>
    message.role === 'assistant' ? message.parts.map(toolCallOf).filter((call) => call?.state === 'approval-requested') : [],
  ) as ToolCallPart[];
}

/** The card for one waiting call: the tool's name and input as the model gave them, never only model-written words. */
export function approvalCard(call: ToolCallPart): PermissionAskSpec {
  const summary = summaryOf(call.input);
  return {
    kind: 'permission',
    toolCallId: call.toolCallId,
    itemId: toolItemId(call.toolCallId),
    title: cleanField.title(summary ? `${call.name} ${summary}` : call.name).text,
    tool: { name: call.name, input: call.input ?? null },
    options: APPROVAL_OPTIONS,
  };
}
