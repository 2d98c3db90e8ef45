import { memo } from 'preact/compat';
import { useEffect, useRef, useState } from 'preact/hooks';
import { listWords, t } from '../../i18n';
import { hrefOf, type Route } from '../../routes';
import type { LazyStore } from '../../stores/lazy-store';
import type { SearchResult, SearchStore } from '../../stores/search-store';
import type { SearchConversation, SearchHit } from '../../../wire/search-json';
import { useLoaded } from '../use-lazy-store';
import { listTime } from '../time/time-words';
import { bridgeErrorText } from '../bridge-error-copy';
import './search.css';

/**
 * One search over every agent's conversations, open and closed, on every machine: the results
 * grouped by agent (newest first), each conversation with its newest hits and the matched words
 * marked; a tap opens the chat at that entry. What was asked stays in the address, so Back from a
 * chat comes back to these results.
 */
export function SearchView({ store, q }: { store: LazyStore<SearchStore>; q: string }) {
  const search = useLoaded(store, true);
  const [text, setText] = useState(q);
  const box = useRef<HTMLInputElement>(null);
  // The screen exists to type into its box: it takes the focus in the next frame, after the screen
  // has put it on its heading (screen-place.ts).
  useEffect(() => {
    const frame = requestAnimationFrame(() => box.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  useEffect(() => search?.search(text), [search, text]);
  const typed = (value: string) => {
    setText(value);
    // The address keeps the words (no new history entry): Back from a result returns here.
    history.replaceState(history.state, '', hrefOf({ screen: 'search', q: value.trim() }));
  };
  const result = search?.result.value ?? null;
  return (
    <main class="screen search">
      <form role="search" onSubmit={(e) => e.preventDefault()}>
        <input
          ref={box}
          type="search"
          class="search-box"
          aria-label={t('search.label')}
          placeholder={t('search.label')}
          value={text}
          onInput={(e) => typed(e.currentTarget.value)}
          enterKeyHint="search"
        />
      </form>
      {search?.busy.value && <p class="muted search-busy">{t('search.busy')}</p>}
      {result && <Results result={result} />}
    </main>
  );
}

/** Conversations drawn in one frame: a full reply (50) drawn at once was one long task on a slow phone. */
const DRAWN_PER_FRAME = 8;

function Results({ result }: { result: SearchResult }) {
  const drawn = useDrawnInSteps(result);
  const groups = byAgent(result.conversations.slice(0, drawn));
  return (
    <div class="search-results">
      {(result.offline || result.refused) && (
        <p class="banner" role="status">
          {result.refused ? t('search.refused', { reason: bridgeErrorText(result.refused) }) : t('search.offline')}
        </p>
      )}
      {result.unreached.length > 0 && <p class="muted">{t('search.unreached', { names: listWords(result.unreached) })}</p>}
      {groups.length === 0 && <p class="search-none">{t('search.none', { query: result.query })}</p>}
      {groups.map(([agent, conversations]) => (
        <section key={agent} class="search-group" aria-label={agent}>
          <h2>
            {conversations[0]!.machine ? agent.slice(0, -conversations[0]!.machine.length - 1) : agent}
            {conversations[0]!.machine && <span class="muted"> · {conversations[0]!.machine}</span>}
          </h2>
          <ul>
            {conversations.map((c) => (
              <Found key={`${c.place.open}:${c.place.open ? c.place.paneId : c.place.conversationId}`} found={c} />
            ))}
          </ul>
        </section>
      ))}
      {result.more && <p class="muted">{t('search.more')}</p>}
    </div>
  );
}

/** One conversation found; drawn again only for another result (each frame of a long one adds more). */
const Found = memo(function Found({ found }: { found: SearchConversation }) {
  const at = (entryId?: string): Route =>
    found.place.open
      ? { screen: 'chat', agent: found.agent, paneId: found.place.paneId, ...(entryId ? { entryId } : {}) }
      : { screen: 'closed', agent: found.agent, conversationId: found.place.conversationId, ...(entryId ? { entryId } : {}) };
  const more = found.matched - found.hits.length;
  return (
    <li class="search-conversation">
      <a class="search-title" href={hrefOf(at(found.hits[0]?.entryId))}>
        <Marked text={found.title} marks={found.titleMarks} />
        {!found.place.open && <span class="search-closed">{t('conversations.closed')}</span>}
      </a>
      {found.hits.length > 0 && (
        <ul class="search-hits">
          {found.hits.map((hit, i) => (
            <Hit key={hit.entryId ?? i} hit={hit} href={hrefOf(at(hit.entryId))} />
          ))}
        </ul>
      )}
      {more > 0 && <p class="muted search-more">{t('search.moreHits', { count: more })}</p>}
    </li>
  );
});

function Hit({ hit, href }: { hit: SearchHit; href: string }) {
  return (
    <li>
      <a href={href}>
        <Marked text={hit.text} marks={hit.marks} />
        {hit.at && <time dateTime={hit.at}>{listTime(hit.at, Date.now())}</time>}
      </a>
    </li>
  );
}

/** The text with its matched words in <mark>: text nodes only, never markup. */
function Marked({ text, marks }: { text: string; marks: readonly [number, number][] }) {
  const parts = [];
  let from = 0;
  for (const [a, b] of marks) {
    if (a < from) continue;
    if (a > from) parts.push(text.slice(from, a));
    parts.push(<mark key={a}>{text.slice(a, b)}</mark>);
    from = b;
  }
  parts.push(text.slice(from));
  return <span class="marked">{parts}</span>;
}

/** How many of a result's conversations are drawn: a frame's worth more at each frame, until all are. */
function useDrawnInSteps(result: SearchResult): number {
  const [drawn, setDrawn] = useState({ result, count: DRAWN_PER_FRAME });
  const count = drawn.result === result ? drawn.count : DRAWN_PER_FRAME;
  useEffect(() => {
    if (count >= result.conversations.length) return;
    const frame = requestAnimationFrame(() => setDrawn({ result, count: count + DRAWN_PER_FRAME }));
    return () => cancelAnimationFrame(frame);
  }, [result, count]);
  return count;
}

/** Conversations grouped by their agent, the groups in the order of each one's newest. */
function byAgent(conversations: readonly SearchConversation[]): [string, SearchConversation[]][] {
  const groups = new Map<string, SearchConversation[]>();
  for (const c of conversations) {
    const group = groups.get(c.agent);
    if (group) group.push(c);
    else groups.set(c.agent, [c]);
  }
  return [...groups];
}
