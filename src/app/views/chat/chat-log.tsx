import { Component, createRef } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ChatEntry } from '../../../wire/bridge-json';
import { entryKey } from '../../../wire/entry-key';
import { t } from '../../i18n';
import type { OlderPhase } from '../../stores/older-items';
import { ChatEntryView } from '../chat-entry';
import { pageLocale } from '../list/time-words';
import { createRowTimes, type RowTimes } from './chat-times';

/** Older items start loading this far before the reader reaches the top, so scrolling rarely waits. */
const OLDER_AHEAD_PX = 800;

export interface OlderControl {
  phase: OlderPhase;
  load(): void;
}

interface Props {
  entries: ChatEntry[];
  /** The conversation's beginning is gone: said once, at the top. */
  trimmed: boolean;
  /** Loading older items, for agents that keep a history; null otherwise. */
  older: OlderControl | null;
}

/** The chat's items, oldest first, with their day headings and group times; older ones load at the top. */
export function ChatLog({ entries, trimmed, older }: Props) {
  // Worked out for each new list, with a fresh "today"; an append works out the new rows only.
  const [timesOf] = useState(createRowTimes);
  const times = useMemo(() => timesOf(entries, Date.now(), pageLocale()), [timesOf, entries]);
  return (
    <div class="chat-log">
      {trimmed && <p class="trimmed-line">{t('chat.trimmed')}</p>}
      {older && entries.length > 0 && <OlderRow {...older} />}
      <EntryList entries={entries} times={times} />
    </div>
  );
}

/** Loads older items as the top comes near, and offers the same as a button (keyboards, screen readers). */
function OlderRow({ phase, load }: OlderControl) {
  const mark = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (phase !== 'idle' || !mark.current || typeof IntersectionObserver === 'undefined') return;
    const near = new IntersectionObserver(
      (seen) => {
        if (seen.some((e) => e.isIntersecting)) load();
      },
      { rootMargin: `${OLDER_AHEAD_PX}px 0px 0px 0px` },
    );
    near.observe(mark.current);
    return () => near.disconnect();
  }, [phase, load]);
  if (phase === 'start') return null;
  return (
    <div ref={mark} class="older-row">
      {phase === 'loading' && <p role="status">{t('chat.olderLoading')}</p>}
      {phase === 'failed' && <p role="alert">{t('chat.olderFailed')}</p>}
      {phase !== 'loading' && (
        <button type="button" class="more" onClick={load}>
          {t(phase === 'failed' ? 'chat.olderRetry' : 'chat.olderShow')}
        </button>
      )}
    </div>
  );
}

interface ListProps {
  entries: ChatEntry[];
  times: (RowTimes | null)[];
}

/**
 * The rows. When items come in above (older ones), the row that was first stays where the
 * reader saw it: its place is taken before the list changes and the page scrolled back by
 * what it moved. (Measured, not assumed, so the browser's own scroll anchoring cannot count twice.)
 */
class EntryList extends Component<ListProps> {
  private readonly list = createRef<HTMLOListElement>();

  override getSnapshotBeforeUpdate(previous: ListProps): { row: Element; top: number } | null {
    const row = this.list.current?.firstElementChild;
    if (!row || previous.entries[0] === this.props.entries[0]) return null;
    return { row, top: row.getBoundingClientRect().top };
  }

  override componentDidUpdate(_props: ListProps, _state: unknown, kept: { row: Element; top: number } | null): void {
    if (!kept?.row.isConnected) return;
    const moved = kept.row.getBoundingClientRect().top - kept.top;
    if (moved !== 0) window.scrollBy(0, moved);
  }

  override render() {
    const { entries, times } = this.props;
    return (
      <ol class="entries" ref={this.list}>
        {entries.map((entry, i) => (
          <ChatEntryView key={entryKey(entry)} entry={entry} day={times[i]?.day} time={times[i]?.time} />
        ))}
      </ol>
    );
  }
}
