import type { ToolItem } from '../../../wire/types';
import { t } from '../../i18n';
import { CodeView } from '../../markdown/code-view';
import { isUnifiedDiff } from '../../markdown/parse-diff';
import { Icon } from '../icons';

/**
 * A tool call: its status as an icon and a word, its name, its summary, and its output folded away
 * (a diff drawn as one). A call an open card waits on is not running: it says it waits for the answer.
 */
export function ToolRow({ item, waiting = false }: { item: ToolItem; waiting?: boolean }) {
  const asking = waiting && item.status === 'running';
  return (
    <>
      <p class="tool-head">
        <Icon name={asking ? 'answer' : item.status} class="tool-icon" />
        <span class="tool-name">{item.name}</span> <span class="tool-status">{t(asking ? 'item.tool.status.waiting' : `item.tool.status.${item.status}`)}</span>
      </p>
      {item.summary && <p class="tool-summary">{item.summary}</p>}
      {item.output && (
        <details class="tool-output">
          <summary>
            <Icon name="chevron" class="fold" />
            {t('item.tool.output')}
          </summary>
          {isUnifiedDiff(item.output) ? (
            // An edit the tool made or proposes: drawn as a diff.
            <CodeView text={item.output} language="diff" label={t('item.tool.output')} />
          ) : (
            // Focusable, so a keyboard can scroll a long output too.
            <pre tabIndex={0} aria-label={t('item.tool.output')}>
              {item.output}
            </pre>
          )}
        </details>
      )}
    </>
  );
}
