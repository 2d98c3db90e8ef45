import { useSignal, type Signal } from '@preact/signals';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { askKey } from '../../wire/ask-key';
import type { DraftsStore } from '../stores/drafts-store';

/** The phone's drafts, for the views that take typing (the app view provides them). */
export const Drafts = createContext<DraftsStore | null>(null);

/**
 * A typed value kept as a draft under `key`: restored after a reload, saved as it changes,
 * cleared by `clear` once it is sent. `parse` drops a stored value of the wrong shape.
 */
export function useDraft<T>(key: string, initial: T, parse: (raw: unknown) => T | null): { value: Signal<T>; change(next: T): void; clear(): void } {
  const drafts = useContext(Drafts);
  const value = useSignal<T>(parse(drafts?.get(key)) ?? initial);
  return {
    value,
    change(next) {
      value.value = next;
      drafts?.set(key, next);
    },
    clear() {
      value.value = initial;
      drafts?.clear(key);
    },
  };
}

/** Where the composer keeps what is typed in one conversation (the list reads it for its draft mark). */
export const composerDraftKey = (agent: string, paneId: string): string => `composer/${askKey(agent, paneId)}`;

/** The text typed in a conversation's composer and not sent yet, or null when there is none (or only white space). */
export function unsentText(drafts: DraftsStore | null, agent: string, paneId: string): string | null {
  const kept = drafts?.get(composerDraftKey(agent, paneId));
  return typeof kept === 'string' && kept.trim() !== '' ? kept : null;
}
