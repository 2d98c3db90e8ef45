import { Component, type RefCallback } from 'preact';
import type { ChatEntry } from '../../../wire/bridge-json';
import type { GivenAnswer } from '../../stores/given-answer';
import { MarkdownView } from '../../markdown/markdown-view';
import { ToolRow } from './tool-row';
import { CodeBlock } from '../code-block';
import { DecisionLine } from './decision-line';
import { UnreadLine } from './unread-line';
import { LinkedText } from '../linked-text';
import { t } from '../../i18n';
import './chat-rows.css';

/** A row's times, from `rowTimes`: drawn by the stylesheet from these attributes, never as the row's text. */
interface RowProps {
  entry: ChatEntry;
  day?: string | undefined;
  time?: string | undefined;
  /**
   * Its place in the whole chat: only the rows near the viewport are drawn, so a screen reader
   * is told each row's place, and that the size is unknown (-1): a chat grows at both ends.
   */
  pos?: number | undefined;
  /** On the row's element: the windowed list measures it. */
  rowRef?: RefCallback<HTMLElement> | undefined;
  /** The first entry the person had not seen when the chat opened: the unread divider is drawn above it. */
  unread?: boolean | undefined;
  /** The entry a search opened the chat at: marked for a moment. */
  found?: boolean | undefined;
  /** A decision line's answer as this phone gave it (its own record), shown back. */
  given?: GivenAnswer | undefined;
  /** A tool row an open card waits on. */
  waiting?: boolean | undefined;
}

/**
 * One line of the chat: the person's items on one side, the agent's on the other, thinking,
 * notices and tools as quieter rows. Agent text is drawn as text nodes; markdown only through
 * MarkdownView.
 */
function renderEntry({ entry, day, time, pos, rowRef, unread, found, given, waiting }: RowProps) {
  const place = { ref: rowRef, 'aria-posinset': pos, 'aria-setsize': pos === undefined ? undefined : -1, 'data-found': found || undefined };
  if (entry.type === 'decision') return <DecisionLine entry={entry} place={place} day={day} unread={unread} given={given} />;
  const { item } = entry;
  let body;
  let look = 'bubble';
  switch (item.kind) {
    case 'user':
      // The person's own words: what they typed as an address opens as one; a steer says it was one.
      body = item.steer ? (
        <>
          <span class="steer-mark">{t('chat.steer')}</span>
          <LinkedText text={item.text} />
        </>
      ) : (
        <LinkedText text={item.text} />
      );
      break;
    case 'reply':
      body = item.text;
      break;
    case 'thinking':
    case 'notice':
      body = item.text;
      look = 'quiet';
      break;
    case 'markdown':
      body = <MarkdownView text={item.text} />;
      break;
    case 'code':
      body = <CodeBlock text={item.text} {...(item.language ? { language: item.language } : {})} />;
      break;
    case 'link':
      body = (
        <a class="link-card" href={item.url} target="_blank" rel="noopener noreferrer">
          <span class="link-title">{item.title ?? item.url}</span>
          <span class="link-url">{new URL(item.url).host}</span>
        </a>
      );
      break;
    case 'tool':
      body = <ToolRow item={item} waiting={waiting} />;
      look = 'quiet';
      break;
    default:
      return null; // a kind this build does not know is skipped
  }
  const kindClass = `entry ${item.kind === 'markdown' ? 'markdown-item' : item.kind}${item.kind === 'tool' ? ` status-${waiting && item.status === 'running' ? 'waiting' : item.status}` : ''}`;
  // Most rows are their bubble; only a row that opens a day, a group or the unread ones wraps it (fewer elements in a long chat).
  if (day === undefined && time === undefined && !unread) {
    return (
      <li {...place} class={`${kindClass} ${look}`} data-kind={item.kind}>
        {body}
      </li>
    );
  }
  return (
    <li {...place} class={`${kindClass} framed`} data-kind={item.kind} data-day={day} data-time={time}>
      {unread && <UnreadLine />}
      <div class={look}>{body}</div>
    </li>
  );
}

/**
 * Renders again only when its entry or its times changed: the chat store keeps unchanged
 * entries as the same objects, so appending one item to a long chat leaves every other row alone.
 * (The windowed list gives each row one ref for as long as it is drawn.)
 */
export class ChatEntryView extends Component<RowProps> {
  override shouldComponentUpdate(next: RowProps): boolean {
    const was = this.props;
    return (
      next.entry !== was.entry ||
      next.day !== was.day ||
      next.time !== was.time ||
      next.pos !== was.pos ||
      next.unread !== was.unread ||
      next.found !== was.found ||
      next.given !== was.given ||
      next.waiting !== was.waiting
    );
  }

  override render() {
    return renderEntry(this.props);
  }
}
