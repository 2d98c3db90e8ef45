import { Component } from 'preact';
import type { ChatEntry } from '../../wire/bridge-json';
import { t } from '../i18n';
import { MarkdownView } from '../markdown/markdown-view';
import { CodeBlock } from './code-block';
import { DecisionLine } from './decision-line';

/** One line of the chat. Agent text is drawn as text nodes; markdown only through MarkdownView. */
function renderEntry(entry: ChatEntry) {
  if (entry.type === 'decision') return <DecisionLine entry={entry} />;
  const { item } = entry;
  switch (item.kind) {
    case 'user':
    case 'reply':
    case 'thinking':
    case 'notice':
      return (
        <li class={`entry ${item.kind}`} data-kind={item.kind}>
          {item.text}
        </li>
      );
    case 'markdown':
      return (
        <li class="entry markdown-item" data-kind="markdown">
          <MarkdownView text={item.text} />
        </li>
      );
    case 'code':
      return (
        <li class="entry code" data-kind="code">
          <CodeBlock text={item.text} {...(item.language ? { language: item.language } : {})} />
        </li>
      );
    case 'link':
      return (
        <li class="entry link" data-kind="link">
          <a class="link-card" href={item.url} target="_blank" rel="noopener noreferrer">
            <span class="link-title">{item.title ?? item.url}</span>
            <span class="link-url">{new URL(item.url).host}</span>
          </a>
        </li>
      );
    case 'tool':
      return (
        <li class={`entry tool status-${item.status}`} data-kind="tool">
          <span class="tool-name">{item.name}</span> <span class="tool-status">{t(`item.tool.status.${item.status}`)}</span>
          {item.summary && <p class="tool-summary">{item.summary}</p>}
          {item.output && (
            <details>
              <summary>{t('item.tool.output')}</summary>
              <pre>{item.output}</pre>
            </details>
          )}
        </li>
      );
    default:
      return null; // a kind this build does not know is skipped
  }
}

/**
 * Renders again only when its entry changed: the chat store keeps unchanged entries as the same
 * objects, so appending one item to a long chat leaves every other row alone.
 */
export class ChatEntryView extends Component<{ entry: ChatEntry }> {
  override shouldComponentUpdate(next: { entry: ChatEntry }): boolean {
    return next.entry !== this.props.entry;
  }

  override render() {
    return renderEntry(this.props.entry);
  }
}
