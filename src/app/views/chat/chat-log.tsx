import { useContext, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ChatEntry } from '../../../wire/bridge-json';
import { entryKey } from '../../../wire/entry-key';
import { t } from '../../i18n';
import { afterNextPaint } from '../../next-paint';
import { markup } from '../../markdown/markup';
import type { GivenAnswer } from '../../stores/given-answer';
import type { OlderPhase } from '../../stores/older-items';
import { ChatEntryView } from '../chat-entry/chat-entry';
import { pageLocale } from '../time/time-words';
import { clockLabel, createRowTimes } from './chat-times';
import { useOpeningMarkup } from './opening-markup';
import { RowsPainted } from './rows-painted';
import { estimateRow } from './window/estimate-row';
import { WindowedList } from './window/windowed-list';
import { viewportSize } from '../../viewport-size';

const NO_ENTRIES: ChatEntry[] = [];
const NO_ANSWERS: ReadonlyMap<string, GivenAnswer> = new Map();
const NONE_WAITING: ReadonlySet<string> = new Set();

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
  /** Loading older entries: what the chat's tail read left out, or an agent's history; null when there are none. */
  older: OlderControl | null;
  /** Entries before the first one here that were left out (a tail read): each row's place counts them. */
  earlier?: number | undefined;
  /** The first entry not seen when the chat opened: the divider goes above it, and the chat opens there. */
  unreadAt?: number | null | undefined;
  /** A search's entry (an index): the chat opens there and marks it for a moment. */
  found?: number | null | undefined;
  /** What this phone answered, by ask id: decision lines show it back. */
  given?: ReadonlyMap<string, GivenAnswer> | undefined;
  /** The items open cards wait on (a tool call asking to run). */
  waiting?: ReadonlySet<string> | undefined;
}

/**
 * The chat's items, oldest first, with their day headings and group times; older ones load at
 * the top. Only the rows near the viewport are drawn (a long chat stays light on a phone).
 */
export function ChatLog({ entries, trimmed, older, earlier = 0, unreadAt = null, found = null, given = NO_ANSWERS, waiting = NONE_WAITING }: Props) {
  // Worked out for each new list, with a fresh "today"; an append works out the new rows only.
  const [timesOf] = useState(createRowTimes);
  const locale = pageLocale();
  const times = useMemo(() => timesOf(entries, Date.now(), locale), [timesOf, entries, locale]);
  // The list's width, as .screen lays it out (padding 16 px each side, at most 720 px).
  const width = Math.min(720, viewportSize().width) - 32;
  // Rows are first drawn once the markup of those where the chat opens is made (opening-markup.ts);
  // usually it was made beside the chat's first read. Once drawn, rows stay.
  const drawn = useOpeningMarkup(entries, unreadAt) ? entries : NO_ENTRIES;
  const hasRows = drawn.length > 0;
  const rowsPainted = useContext(RowsPainted);
  useEffect(() => {
    if (hasRows) afterNextPaint(() => sayContentDrawn(rowsPainted));
  }, [hasRows, rowsPainted]);
  return (
    <div class="chat-log">
      {trimmed && <p class="trimmed-line">{t('chat.trimmed')}</p>}
      {/* With the rows, not before: above rows not drawn yet it would be in view, and load older items for nothing. */}
      {older && drawn.length > 0 && <OlderRow {...older} />}
      <WindowedList
        items={drawn}
        keyOf={entryKey}
        estimate={(entry, i) => estimateRow(entry, times[i], width, i === unreadAt)}
        row={(entry, i, ref) => (
          <ChatEntryView
            entry={entry}
            day={times[i]?.day}
            time={times[i]?.at === undefined ? undefined : clockLabel(times[i].at, locale)}
            pos={earlier + i + 1}
            rowRef={ref}
            unread={i === unreadAt}
            found={i === found}
            given={entry.type === 'decision' && entry.askId !== undefined ? given.get(entry.askId) : undefined}
            waiting={entry.type === 'item' && waiting.has(entry.item.id)}
          />
        )}
        listClass="entries"
        openAt={drawn === entries ? (found ?? unreadAt ?? undefined) : undefined}
      />
    </div>
  );
}

/**
 * Once the rows first drawn are painted and their markup is all in, colour too, and painted: what
 * the app holds back for a chat opened first starts then (RowsPainted). The rows' colour is
 * asked for as they are drawn, and made and drawn just after them.
 */
function sayContentDrawn(rowsPainted: () => void): void {
  void markup.settled().then(() => afterNextPaint(rowsPainted));
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
