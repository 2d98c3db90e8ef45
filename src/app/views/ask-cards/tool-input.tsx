import { t } from '../../i18n';
import { toolInputView } from './tool-input-view';

/**
 * A permission card's tool input, part by part (tool-input-view.ts): a command as code, a path,
 * an edit as its removed and added lines, a write's content, other fields by name. All text nodes.
 */
export function ToolInput({ input }: { input: unknown }) {
  const parts = toolInputView(input);
  if (parts.length === 0) return null;
  return (
    <div class="ask-tool-input-parts">
      {parts.map((part, i) => {
        switch (part.kind) {
          case 'command':
            return (
              <pre key={i} class="ask-tool-input" aria-label={t('ask.tool.command')}>
                <code>{part.text}</code>
              </pre>
            );
          case 'path':
            return (
              <p key={i} class="ask-tool-path">
                <code>{part.text}</code>
              </p>
            );
          case 'diff':
            return (
              <pre key={i} class="ask-tool-input ask-tool-diff" aria-label={t('ask.tool.changes')}>
                {part.text.split('\n').map((line, n) => (
                  <span key={n} class={line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : 'hunk'}>
                    {line}
                    {'\n'}
                  </span>
                ))}
              </pre>
            );
          case 'content':
            return (
              <pre key={i} class="ask-tool-input ask-tool-content" aria-label={t('ask.tool.content')}>
                <code>{part.text}</code>
              </pre>
            );
          case 'field':
            return (
              <p key={i} class="ask-tool-field">
                {part.label && <span class="ask-tool-label">{part.label}</span>} <code>{part.text}</code>
              </p>
            );
        }
      })}
    </div>
  );
}
