import { cleanField } from './clean';
import { isValidId } from './ids';
import { isSafeLinkUrl } from './link';
import { isRecord, oneOf, str, time } from './read';
import { TOOL_STATUSES, type Item } from './types';

export type ItemDropReason = 'bad-id' | 'unknown-kind' | 'bad-link' | 'malformed';

/**
 * Turns untrusted JSON into a cleaned item. Returns null for an item to skip;
 * `onDrop` hears why, so the bridge can log a dropped link once per conversation.
 */
export function parseItem(raw: unknown, onDrop?: (reason: ItemDropReason) => void): Item | null {
  const drop = (reason: ItemDropReason) => {
    onDrop?.(reason);
    return null;
  };
  if (!isRecord(raw)) return drop('malformed');
  if (!isValidId(raw.id)) return drop('bad-id');
  const id = raw.id;
  const at = time(raw.at) ?? '';
  switch (raw.kind) {
    case 'user':
    case 'reply':
    case 'thinking':
    case 'notice': {
      const text = str(raw.text);
      if (text === undefined) return drop('malformed');
      const item: Item = { id, at, kind: raw.kind, text: cleanField.itemText(text).text };
      if (raw.kind === 'user' && isValidId(raw.requestId)) item.requestId = raw.requestId;
      if (raw.kind === 'user' && raw.steer === true) item.steer = true;
      return item;
    }
    case 'markdown': {
      const text = str(raw.text);
      if (text === undefined) return drop('malformed');
      return { id, at, kind: 'markdown', text: cleanField.richText(text).text };
    }
    case 'code': {
      const text = str(raw.text);
      if (text === undefined) return drop('malformed');
      const item: Item = { id, at, kind: 'code', text: cleanField.richText(text).text };
      const language = str(raw.language);
      if (language) item.language = cleanField.label(language).text;
      return item;
    }
    case 'link': {
      if (!isSafeLinkUrl(raw.url)) return drop('bad-link');
      const item: Item = { id, at, kind: 'link', url: raw.url };
      const title = str(raw.title);
      if (title) item.title = cleanField.title(title).text;
      return item;
    }
    case 'tool': {
      if (!isValidId(raw.toolCallId)) return drop('bad-id');
      const name = cleanField.label(str(raw.name) ?? '').text;
      const status = oneOf(raw.status, TOOL_STATUSES);
      if (!status || name === '') return drop('malformed');
      const item: Item = { id, at, kind: 'tool', toolCallId: raw.toolCallId, name, status };
      const summary = str(raw.summary);
      const output = str(raw.output);
      if (summary !== undefined) item.summary = cleanField.summary(summary).text;
      if (output !== undefined) item.output = cleanField.toolOutput(output).text;
      return item;
    }
    default:
      return drop('unknown-kind');
  }
}
