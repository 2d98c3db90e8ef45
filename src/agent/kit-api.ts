import type { Starter } from '../wire/types';
import { paneHandle, type PaneHandle } from './handles';
import type { Handlers, StarterRun, WriteContext } from './routes-write';

export interface ConversationSummary {
  id: string;
  title: string;
  state: 'open' | 'closed';
  /** The pane it shows in while open, and the one it showed in last. */
  paneId: string;
}

export interface TabHandle {
  pane(id: string, init: { title: string; harness?: string }): PaneHandle;
}

export interface WorkspaceHandle {
  tab(id: string, init: { title: string }): TabHandle;
}

/** What an agent's code does with the kit, whichever host serves its wire (Node or a Durable Object). */
export interface KitApi {
  workspace(id: string, init: { title: string }): WorkspaceHandle;
  /** What the agent does when the phone sends, steers, stops, taps a belt button, renames, closes or reopens. */
  handle(handlers: Handlers): void;
  /** Offers a starter; a tap runs `run`, which returns the new pane it opened. */
  starter(starter: Starter, run: StarterRun): void;
  /**
   * Says the layout is shown again and every open ask raised again. A conversation that was
   * open when the agent stopped, and that the code has not placed since, shows again where it was.
   */
  ready(): void;
  /** Every conversation kept, open and closed, newest first (with a data folder, those of earlier runs too). */
  conversations(): ConversationSummary[];
}

/** The kit's API over one agent's state: the one copy both hosts hand to an agent's code. */
export function kitApi(ctx: WriteContext): KitApi {
  const { state } = ctx;
  return {
    workspace(id, init) {
      const ws = state.workspace(id, init.title);
      return {
        tab(tabId, tabInit) {
          const tab = state.tab(ws, tabId, tabInit.title);
          return { pane: (paneId, paneInit) => paneHandle(state, state.pane(ws, tab, paneId, paneInit)) };
        },
      };
    },
    handle(handlers) {
      Object.assign(ctx.handlers, handlers);
    },
    starter(starter, run) {
      ctx.starters.set(starter.id, run);
      state.starters = [...state.starters.filter((s) => s.id !== starter.id), starter];
      state.bump();
    },
    ready() {
      if (!state.ready) state.restoreOpen();
      state.ready = true;
    },
    conversations() {
      return state.conversations.all().map(({ record }) => ({ id: record.id, title: record.title, state: record.state, paneId: record.paneId }));
    },
  };
}
