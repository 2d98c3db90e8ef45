import { cleanField, cleanText } from '../../wire/clean';
import type { ToolStatus } from '../../wire/types';
import type { ItemSpec } from '../handles';
import { outputTail, textItem, toolItemId } from '../model-text';

/**
 * How Pi's messages read on the phone, one rule each: the model's text is markdown (a reply when
 * it is too long for markdown), its thinking a thinking item, each tool call a tool item with a
 * summary of its arguments and (bounded) output, and a failure a notice in words. The shapes below
 * are the parts of Pi's messages (`@mariozechner/pi-ai`) this reads; nothing else is relied on.
 */
export interface PiText {
  type: 'text';
  text: string;
}
export interface PiThinking {
  type: 'thinking';
  thinking: string;
}
export interface PiToolCall {
  type: 'toolCall';
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}
export interface PiAssistantMessage {
  role: 'assistant';
  content: (PiText | PiThinking | PiToolCall | { type: string })[];
  stopReason?: string;
  errorMessage?: string;
}
export interface PiToolResult {
  content: ({ type: string; text?: string } | PiText)[];
  isError: boolean;
}

/** How a tool call ended, as the tool gate knows it (a refusal is not a failure of the tool). */
export type ToolEnd = { isError: boolean; refused?: 'denied' | 'stopped' };

export { toolItemId } from '../model-text';

/** A part's item id: the message's key and the part's place in it. */
export const partItemId = (messageKey: string, index: number) => `${messageKey}-${index}`;

const SUMMARY_CHARS = 200;
const firstLine = (text: string) => text.split('\n', 1)[0] ?? '';
// The one cleaner cuts at a whole character and ends with its ellipsis.
const cut = (text: string) => cleanText(text, { maxChars: SUMMARY_CHARS }).text;

/** One line saying what a tool call does, from its arguments only (never the model's prose). */
export function toolSummary(name: string, args: Record<string, unknown>): string {
  const str = (key: string) => (typeof args[key] === 'string' ? args[key] : undefined);
  const command = str('command');
  if (name === 'bash' && command !== undefined) return cut(firstLine(command) + (command.includes('\n') ? ' …' : ''));
  const path = str('path') ?? str('file_path');
  const pattern = str('pattern');
  if (pattern !== undefined) return cut(path ? `${pattern} in ${path}` : pattern);
  if (path !== undefined) return cut(path);
  const json = JSON.stringify(args) ?? '';
  return json === '{}' ? '' : cut(json);
}

/** A tool's output as text: its text parts, an image as a word; the end kept when it is long (the end says how it went). */
export function toolOutputText(result: PiToolResult | undefined): string {
  if (!result) return '';
  return outputTail(result.content.map((part) => (part.type === 'text' ? ((part as PiText).text ?? '') : `[${part.type}]`)).join('\n'));
}

/**
 * The items an assistant message shows as: its text, thinking and (with `withTools`) tool calls,
 * in order. While a message streams its tool calls are left out: their arguments are drawn once whole.
 */
export function assistantItems(messageKey: string, message: PiAssistantMessage, withTools = true): ItemSpec[] {
  const items: ItemSpec[] = [];
  message.content.forEach((part, index) => {
    if (part.type === 'text' && (part as PiText).text.trim() !== '') items.push(textItem(partItemId(messageKey, index), (part as PiText).text));
    else if (part.type === 'thinking' && (part as PiThinking).thinking.trim() !== '')
      items.push({ id: partItemId(messageKey, index), kind: 'thinking', text: cleanField.itemText((part as PiThinking).thinking).text });
    else if (part.type === 'toolCall' && withTools) items.push(toolItem(part as PiToolCall, 'running'));
  });
  return items;
}

/** A tool call's item, before or after it ran. */
export function toolItem(call: Pick<PiToolCall, 'id' | 'name' | 'arguments'>, status: ToolStatus, output?: string): ItemSpec {
  const summary = toolSummary(call.name, call.arguments);
  return {
    id: toolItemId(call.id),
    kind: 'tool',
    toolCallId: call.id,
    name: cleanField.label(call.name).text,
    ...(summary ? { summary } : {}),
    ...(output ? { output } : {}),
    status,
  };
}

/** The status a finished tool call shows: refused by the person, stopped, failed or done. */
export function endedStatus(end: ToolEnd): ToolStatus {
  if (end.refused === 'denied') return 'denied';
  if (end.refused === 'stopped' || end.isError) return 'failed';
  return 'done';
}

/** Words for a turn that ended in the model's failure; secrets in the provider's text are hidden first. */
export function modelFailureText(errorMessage: string | undefined, secrets: readonly string[] = []): string {
  const reason = redact(errorMessage?.trim() || 'no reason given', secrets);
  return cleanField.itemText(`The model did not answer: ${reason}`).text;
}

// Key-looking tokens (sk-…, key-…) a provider may echo in an error: never shown whole.
const KEY_LIKE = /\b((?:sk|pk|rk|key|api|tok)[-_])[A-Za-z0-9_-]{8,}/gi;

/** Hides every known secret and anything shaped like an API key. */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('[hidden]');
  return out.replace(KEY_LIKE, '$1[hidden]');
}
