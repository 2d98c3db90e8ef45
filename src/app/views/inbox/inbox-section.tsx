import { useId } from 'preact/hooks';
import { askKey } from '../../../wire/ask-key';
import type { InboxAsk } from '../../../wire/bridge-json';
import { t } from '../../i18n';
import { hrefOf } from '../../routes';
import { RowTime } from '../time/row-time';
import { listTime } from '../time/time-words';
import { useNow } from '../time/use-now';
import '../list/list.css';
import { inboxHeadline } from './inbox-headline';

/**
 * One ask. Its link is named by the question alone and described by where it waits and when:
 * a name that also held the conversation's title would read like that conversation's own link.
 */
function InboxEntry({ ask, now }: { ask: InboxAsk; now: number }) {
  const id = useId();
  const when = listTime(ask.createdAt, now);
  return (
    <li>
      <a
        class="inbox-entry list-row"
        href={hrefOf({ screen: 'chat', agent: ask.agent, paneId: ask.paneId, askId: ask.askId })}
        aria-labelledby={`${id}-q`}
        aria-describedby={when ? `${id}-where ${id}-when` : `${id}-where`}
        data-inbox-agent={ask.agent}
        data-inbox-ask={ask.askId}
      >
        <span class="row-line">
          <span class="inbox-headline" id={`${id}-q`}>
            {inboxHeadline(ask)}
          </span>
          {ask.createdAt && when && (
            <RowTime iso={ask.createdAt} id={`${id}-when`}>
              {when}
            </RowTime>
          )}
        </span>
        <span class="conversation-place" id={`${id}-where`}>
          {t('inbox.where', { agent: ask.agent, conversation: ask.conversation })}
        </span>
      </a>
    </li>
  );
}

/**
 * "Needs you": every open ask of every agent, oldest first (the bridge's order), each leading
 * to its chat opened at its card. Shown only while something waits; dimmed while what shows is
 * the last known state.
 */
export function InboxSection({ inbox, stale = false }: { inbox: InboxAsk[]; stale?: boolean }) {
  const headingId = useId();
  const now = useNow();
  if (inbox.length === 0) return null;
  return (
    <section class={`inbox${stale ? ' stale' : ''}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('inbox.title')}</h2>
      <ul class="inbox-list">
        {inbox.map((ask) => (
          <InboxEntry key={askKey(ask.agent, ask.askId)} ask={ask} now={now} />
        ))}
      </ul>
    </section>
  );
}
