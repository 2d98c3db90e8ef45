import { computed, signal, type ReadonlySignal } from '@preact/signals';
import { BridgeHttpError, type BridgeClient } from '../phone-api-client';
import type { AgentRow, ChatEntry } from '../../wire/bridge-json';
import { createOlderItems, type OlderPhase } from './older-items';
import { OLDER_KEEP, OLDER_MAX_PAGES } from './older-limits';

export interface HistoryStore {
  /** The agent, read once on show: its caps say whether Reopen is offered. */
  agent: ReadonlySignal<AgentRow | null>;
  title: ReadonlySignal<string | null>;
  /** The conversation's entries, oldest first, up to its newest (it opens there, as a chat does). */
  entries: ReadonlySignal<ChatEntry[]>;
  trimmed: ReadonlySignal<boolean>;
  /** A conversation longer than the phone keeps at once shows its older part on scrolling up. */
  olderPhase: ReadonlySignal<OlderPhase>;
  loadOlder(): Promise<void>;
  failed: ReadonlySignal<boolean>;
  /** The agent does not know this conversation (any more): it has a sentence of its own, not a retry. */
  gone: ReadonlySignal<boolean>;
  /** Reads a closed conversation from the agent's history (never from a cache). */
  show(agent: string, conversationId: string): () => void;
}

/**
 * The history gives a conversation oldest first, a page at a time; a closed conversation opens
 * at its newest item, as a chat does. So it is read to its end before it shows, keeping its
 * newest `OLDER_KEEP` entries; anything older is walked again when the reader scrolls up to it
 * (older-items.ts, as for an open chat).
 */
export function createHistoryStore(client: BridgeClient): HistoryStore {
  const title = signal<string | null>(null);
  const newest = signal<ChatEntry[]>([]);
  const cut = signal(false);
  const trimmedPage = signal(false);
  const failed = signal(false);
  const gone = signal(false);
  const agentRow = signal<AgentRow | null>(null);
  const older = createOlderItems();
  let target: { agent: string; id: string } | null = null;
  const page = (reading: { agent: string; id: string }) => (after: string | null) => client.history(reading.agent, reading.id, after);

  async function readAgent(reading: { agent: string; id: string }): Promise<void> {
    try {
      const read = await client.agent(reading.agent, null);
      if (target === reading && read.changed) agentRow.value = read.data.agent;
    } catch (err) {
      // Without the agent's caps the screen stays read-only: no Reopen is offered.
      console.warn('history: the agent could not be read', err);
    }
  }

  async function readToEnd(reading: { agent: string; id: string }): Promise<void> {
    let kept: ChatEntry[] = [];
    let dropped = false;
    let trimmed = false;
    let cursor: string | null = null;
    let name: string | null = null;
    try {
      for (let read = 0; read < OLDER_MAX_PAGES; read += 1) {
        const got = await page(reading)(cursor);
        if (target !== reading) return;
        name ??= got.conversation.title;
        trimmed ||= got.trimmed;
        kept = kept.concat(got.entries);
        if (kept.length > OLDER_KEEP) [kept, dropped] = [kept.slice(-OLDER_KEEP), true];
        if (got.next === null) break;
        cursor = got.next;
      }
      // All at once: the screen shows it read, at its newest item.
      [title.value, newest.value, cut.value, trimmedPage.value, failed.value] = [name, kept, dropped, trimmed, false];
    } catch (err) {
      if (target !== reading) return;
      if (err instanceof BridgeHttpError && err.code === 'no-such-conversation') gone.value = true;
      else failed.value = true;
    }
  }

  return {
    agent: agentRow,
    title,
    entries: computed(() => (older.entries.value.length > 0 ? older.entries.value.concat(newest.value) : newest.value)),
    trimmed: computed(() => (cut.value ? older.trimmed.value : trimmedPage.value)),
    olderPhase: computed(() => (cut.value ? older.phase.value : 'start')),
    async loadOlder() {
      const first = newest.peek().find((e) => e.type === 'item');
      if (target && first?.type === 'item') await older.load(first.item.id, page(target));
    },
    failed,
    gone,
    show(agent, conversationId) {
      target = { agent, id: conversationId };
      title.value = null;
      newest.value = [];
      cut.value = false;
      trimmedPage.value = false;
      failed.value = false;
      gone.value = false;
      agentRow.value = null;
      older.reset();
      void readToEnd(target);
      void readAgent(target);
      return () => {
        target = null;
      };
    },
  };
}
