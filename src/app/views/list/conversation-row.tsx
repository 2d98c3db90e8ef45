import type { ClosedConversationRow, ConversationRow } from '../../../wire/bridge-json';
import { t } from '../../i18n';
import { hrefOf } from '../../routes';
import { previewText } from './preview-text';
import { fullTime, relativeTime, shortDate } from './time-words';
import './list.css';

function When({ iso, words }: { iso: string; words: string | null }) {
  if (words === null) return null;
  return (
    <time class="row-time" dateTime={iso} title={fullTime(iso)}>
      {words}
    </time>
  );
}

/**
 * An open conversation as a messenger lists it: title and how long ago, its newest item in one
 * line, where it lives, its state and how many questions wait.
 */
export function OpenRow({ agent, row, now }: { agent: string; row: ConversationRow; now: number }) {
  const preview = row.preview;
  return (
    <li>
      <a class="conversation-row list-row" href={hrefOf({ screen: 'chat', agent, paneId: row.paneId })} data-pane={row.paneId} data-state={row.state}>
        <span class="row-line">
          <span class="conversation-title">{row.title}</span>
          {preview && <When iso={preview.at} words={relativeTime(preview.at, now)} />}
        </span>
        {preview && <span class={`row-preview kind-${preview.kind}`}>{previewText(preview)}</span>}
        <span class="row-line">
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

/** A closed conversation: its title and the short date it closed (or was last written). */
export function ClosedRow({ agent, row, now }: { agent: string; row: ClosedConversationRow; now: number }) {
  const when = row.closedAt ?? row.updatedAt;
  return (
    <li>
      <a class="conversation-row list-row closed" href={hrefOf({ screen: 'closed', agent, conversationId: row.id })} data-conversation={row.id}>
        <span class="row-line">
          <span class="conversation-title">{row.title}</span>
          {when && <When iso={when} words={shortDate(when, now)} />}
        </span>
      </a>
    </li>
  );
}
