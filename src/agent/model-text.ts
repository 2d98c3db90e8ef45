import { cleanField } from '../wire/clean';
import { LIMITS } from '../wire/limits';
import { utf8Length } from '../wire/utf8';
import type { Collie } from './kit';
import type { ItemSpec, PaneHandle } from './handles';

/**
 * How a coding agent's words fit the wire, one rule each, for every entry point the kit has (Pi,
 * an ACP agent): the model's text is markdown while it fits markdown's limit, else a plain reply
 * cut at the item limit; a tool's output keeps its end when it is long (the end says how it went);
 * a tool call's item is `tool-<call id>`, and one left running by a process that is gone is failed.
 */
export function textItem(id: string, text: string): ItemSpec {
  if (utf8Length(text) <= LIMITS.richTextBytes) return { id, kind: 'markdown', text: cleanField.richText(text).text };
  return { id, kind: 'reply', text: cleanField.itemText(text).text };
}

export function outputTail(text: string): string {
  if (utf8Length(text) <= LIMITS.toolOutputBytes) return cleanField.toolOutput(text).text;
  let tail = text.slice(-LIMITS.toolOutputBytes);
  while (utf8Length(tail) > LIMITS.toolOutputBytes - 4) tail = tail.slice(Math.ceil(tail.length / 16));
  return cleanField.toolOutput(`…${tail}`).text;
}

/** The id of the tool item of a tool call: one per call, so each new version replaces it. */
export const toolItemId = (toolCallId: string) => `tool-${toolCallId}`;

/** A tool item still "running" from the last run ran in a process that is gone: it reads as failed until its call is settled again. */
export function markInterrupted(collie: Collie, pane: PaneHandle): void {
  const items = collie.state.conversations.get(pane.conversationId)?.record.items ?? [];
  for (const item of items)
    if (item.kind === 'tool' && item.status === 'running')
      pane.item({ ...item, id: toolItemId(item.toolCallId), status: 'failed', output: 'Interrupted: the agent stopped while this ran.' });
}
