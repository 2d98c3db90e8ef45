import type { ChatEntry } from '../../wire/bridge-json';
import { t } from '../i18n';

/** One line of the chat. Agent text is always drawn as text nodes, never as markup. */
export function ChatEntryView({ entry }: { entry: ChatEntry }) {
  if (entry.type === 'decision') {
    const key = entry.decidedBy === 'timeout' ? 'chat.timedOut' : 'chat.decidedInAgent';
    return <li class="entry decision">{t(key, { title: entry.title })}</li>;
  }
  const { item } = entry;
  switch (item.kind) {
    case 'user':
    case 'reply':
    case 'thinking':
    case 'notice':
    case 'markdown':
      return <li class={`entry ${item.kind}`}>{item.text}</li>;
    case 'code':
      return (
        <li class="entry code">
          {item.language && <span class="code-language">{item.language}</span>}
          <pre><code>{item.text}</code></pre>
        </li>
      );
    case 'link':
      return (
        <li class="entry link">
          <a href={item.url} target="_blank" rel="noopener noreferrer">{item.title ?? item.url}</a>
        </li>
      );
    case 'tool':
      return (
        <li class="entry tool">
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
