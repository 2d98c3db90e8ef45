import type { ChatEntry } from '../../../../wire/bridge-json';
import type { RowTimes } from '../chat-times';

/**
 * How tall a chat row will be before it is drawn, from its kind and the length of its text, in
 * the sizes of chat-rows.css. Only a guess: each drawn row is measured and the page kept in place
 * (windowed-list.tsx). A closer guess keeps the scroll bar steadier while a long chat is read.
 */
const LINE = 23; // 16 px text, line-height 1.45
const SMALL_LINE = 20; // 0.85-0.9 rem text
const BUBBLE = 18; // the bubble's padding and border
const GAP = 4; // the margin under each row
const TOUCH = 44;
const CHAR = 8; // an average character of 16 px system text
const TIME = 27; // a group's time above its first row
const DAY = 45; // a day's heading above its first row
const UNREAD = 36; // the unread divider above the first row not seen (unread.css)

/** Lines `text` wraps to at `perLine` characters a line. */
function lines(text: string, perLine: number): number {
  // By line breaks' places, not split(): a long chat estimates every row as it opens.
  let count = 0;
  let from = 0;
  for (let at = text.indexOf('\n'); at >= 0; from = at + 1, at = text.indexOf('\n', from)) count += Math.max(1, Math.ceil((at - from) / perLine));
  return count + Math.max(1, Math.ceil((text.length - from) / perLine));
}

/** `width` is the list's width in pixels; `unread`: the row carries the unread divider. */
export function estimateRow(entry: ChatEntry, times: RowTimes | null | undefined, width: number, unread = false): number {
  const framed = (times?.at !== undefined ? TIME : 0) + (times?.day !== undefined ? DAY : 0) + (unread ? UNREAD : 0);
  const bubbleChars = Math.max(12, Math.floor((width * 0.85 - BUBBLE - 8) / CHAR));
  const quietChars = Math.max(12, Math.floor((width - 12) / (CHAR * 0.9)));
  if (entry.type === 'decision') return 8 + SMALL_LINE + GAP + framed;
  const { item } = entry;
  let body: number;
  switch (item.kind) {
    case 'user':
    case 'reply':
      body = BUBBLE + lines(item.text, bubbleChars) * LINE;
      break;
    case 'thinking':
    case 'notice':
      body = 4 + lines(item.text, quietChars) * SMALL_LINE;
      break;
    case 'markdown': {
      // Blank lines part paragraphs (their margins); the rest are lines of text or of lists.
      const blank = item.text.split(/\n\s*\n/).length - 1;
      body = BUBBLE + lines(item.text.replace(/\n\s*\n/g, '\n'), bubbleChars) * LINE + blank * 8;
      break;
    }
    case 'code':
      body = BUBBLE + TOUCH + 20 + item.text.split('\n').length * SMALL_LINE;
      break;
    case 'link':
      body = BUBBLE + TOUCH;
      break;
    case 'tool':
      body = 4 + LINE + (item.summary ? lines(item.summary, quietChars) * SMALL_LINE : 0) + (item.output ? TOUCH : 0);
      break;
    default:
      return 0; // not drawn (chat-entry.tsx skips a kind this build does not know)
  }
  return body + GAP + framed;
}
