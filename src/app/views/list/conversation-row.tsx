import type { ClosedConversationRow, ConversationRow } from '../../../wire/bridge-json';
import { t } from '../../i18n';
import { hrefOf } from '../../routes';
import { closedWhen, lastActive } from '../../stores/row-activity';
import { previewText } from './preview-text';
import { inboxHeadline } from '../inbox/inbox-headline';
import { RowTime } from '../time/row-time';
import { listTime } from '../time/time-words';
import './list.css';

/** A draft shows its start only: the row has one line for it. */
const DRAFT_SHOWN_CHARS = 200;

function When({ iso, now }: { iso: string | undefined; now: number }) {
  const words = listTime(iso, now);
  if (iso === undefined || words === null) return null;
  return <RowTime iso={iso}>{words}</RowTime>;
}

/**
 * An open conversation as a messenger lists it: title and when it last moved, its newest item in
 * one line (or the person's unsent draft, marked as one), where it lives, its state and how many
 * questions wait.
 */
export function OpenRow({ agent, row, now, draft = null }: { agent: string; row: ConversationRow; now: number; draft?: string | null }) {
  const preview = row.preview;
  return (
    <li>
      <a class="conversation-row list-row" href={hrefOf({ screen: 'chat', agent, paneId: row.paneId })} data-pane={row.paneId} data-state={row.state}>
        <span class="row-line">
          <span class="conversation-title">{row.title}</span>
          <When iso={lastActive(row)} now={now} />
        </span>
        {draft !== null ? (
          <span class="row-preview row-draft">
            <span class="draft-mark">{t('list.draft')}</span> {draft.slice(0, DRAFT_SHOWN_CHARS)}
          </span>
        ) : row.question ? (
          // What it waits for, as the dashboard's inbox says it, rather than its newest item.
          <span class="row-preview row-question">{inboxHeadline(row.question)}</span>
        ) : (
          preview && <span class={`row-preview kind-${preview.kind}`}>{previewText(preview)}</span>
        )}
        <span class="row-line row-meta">
          <span class="conversation-place">{row.place}</span>
          <span class="row-badges">
            <span class={`row-state state-${row.state}`}>{t(`pane.state.${row.state}`)}</span>
            {row.needsYou > 0 && <span class="row-waiting count-needs-you">{t('list.toAnswer', { count: row.needsYou })}</span>}
          </span>
        </span>
      </a>
    </li>
  );
}

/** A closed conversation: its title and when it closed (or was last written), in the list's words. */
export function ClosedRow({ agent, row, now }: { agent: string; row: ClosedConversationRow; now: number }) {
  return (
    <li>
      <a class="conversation-row list-row closed" href={hrefOf({ screen: 'closed', agent, conversationId: row.id })} data-conversation={row.id}>
        <span class="row-line">
          <span class="conversation-title">{row.title}</span>
          <When iso={closedWhen(row)} now={now} />
        </span>
      </a>
    </li>
  );
}
