import type { Answer, Ask, BeltButton, DecidedBy, DistributiveOmit, Item } from '../wire/types';
import type { AgentState } from './agent-state';
import { askIdFor } from './ask-id';
import { canonicalJson } from './canonical-json';
import { askFromSpec, specFromAsk, type AnswerFor, type AskSpec } from './ask-spec';
import type { OpenAsk, PaneModel } from './pane-model';

/** An item as an agent writes it; `at` defaults to now. */
export type ItemSpec = DistributiveOmit<Item, 'at'> & { at?: string };

/** An ask that closed without the phone's answer. */
export class AskClosedError extends Error {
  constructor(readonly decidedBy: Exclude<DecidedBy, 'phone'>) {
    super(`the ask was decided by ${decidedBy}`);
  }
}

export interface PaneHandle {
  readonly id: string;
  readonly conversationId: string;
  /**
   * Raises an ask; resolves with the phone's answer (option ids, text or form values, by the
   * ask's kind), rejects with AskClosedError when the agent, a stop or the timer decides it.
   */
  ask<S extends AskSpec>(spec: S): Promise<AnswerFor<S>>;
  /** Changes an open ask in place: its revision rises and an older answer is refused as stale. */
  reviseAsk(toolCallId: string, changes: Partial<AskSpec>): boolean;
  /** Closes an open ask as decided in the agent (`program`). */
  decide(toolCallId: string): boolean;
  /** Adds an item, or a new version of the item with the same id (the same item again changes nothing). */
  item(spec: ItemSpec): void;
  belt(buttons: BeltButton[]): void;
  /** Starts a turn of the agent's own (not from the phone). */
  startTurn(): TurnHandle;
  /** Closes the pane and its conversation (kept in history). */
  close(): boolean;
  readonly open: boolean;
  /** Items the conversation holds now (a restart with a data folder brings them back). */
  readonly itemCount: number;
  /** Whether the conversation holds an item with this id: after a restart, where the agent left off. */
  hasItem(id: string): boolean;
}

/** The running turn, as its work sees it. */
export interface TurnHandle {
  readonly id: string;
  /** Aborted when the person taps Stop (or the pane closes). */
  readonly signal: AbortSignal;
  /** Text the person steers into this turn. */
  onSteer(listener: (text: string) => void): void;
  /** Ends the turn now (it also ends when the send handler returns). */
  end(): void;
}

export function paneHandle(state: AgentState, pane: PaneModel): PaneHandle {
  return {
    id: pane.id,
    conversationId: pane.conversation.id,
    get open() {
      return state.panes.get(pane.id) === pane;
    },
    get itemCount() {
      return pane.conversation.record.items.length;
    },
    hasItem: (id) => pane.conversation.hasItem(id),
    close: () => state.panes.get(pane.id) === pane && state.closePane(pane.id),
    ask: <S extends AskSpec>(spec: S) => raiseAsk(state, pane, spec) as Promise<AnswerFor<S>>,
    reviseAsk(toolCallId, changes) {
      const open = pane.openAsks.get(askIdFor(pane.id, toolCallId));
      if (!open) return false;
      const { expiresInSeconds, ...rest } = changes;
      const merged = { ...specFromAsk(open.ask), ...rest, toolCallId } as AskSpec;
      const ask = askFromSpec(merged, open.ask.id, open.ask.revision + 1, open.ask.createdAt ?? new Date().toISOString());
      if (open.ask.expiresAt) ask.expiresAt = open.ask.expiresAt;
      if (expiresInSeconds !== undefined) setExpiry(pane, open, ask, expiresInSeconds);
      pane.reviseAsk(ask);
      return true;
    },
    decide: (toolCallId) => pane.closeAsk(askIdFor(pane.id, toolCallId), 'program', null),
    item(spec) {
      // The same item written again is no new version: a mirror of another agent's chat rewrites freely.
      const kept = pane.conversation.item(spec.id);
      if (kept && canonicalJson(kept) === canonicalJson({ ...spec, at: spec.at ?? kept.at })) return;
      pane.putItem({ ...spec, at: spec.at ?? new Date().toISOString() });
    },
    belt: (buttons) => pane.setBelt(buttons),
    startTurn() {
      if (pane.running) throw new Error('a turn is already running in this pane');
      const turn = pane.beginTurn();
      return turnHandle(pane, turn.id);
    },
  };
}

export function turnHandle(pane: PaneModel, id: string): TurnHandle {
  const running = pane.running;
  if (!running) throw new Error('no turn is running');
  return {
    id,
    signal: running.controller.signal,
    onSteer: (listener) => running.steerListeners.add(listener),
    end: () => {
      if (pane.turn?.id === id) pane.endTurn('done');
    },
  };
}

function raiseAsk(state: AgentState, pane: PaneModel, spec: AskSpec): Promise<Answer> {
  if (state.panes.get(pane.id) !== pane) return Promise.reject(new Error(`pane ${pane.id} is closed`));
  const { expiresInSeconds, ...rest } = spec;
  const id = askIdFor(pane.id, spec.toolCallId);
  return new Promise<Answer>((resolve, reject) => {
    const settle: OpenAsk['settle'] = (result) => {
      if ('answer' in result) resolve(result.answer);
      else reject(new AskClosedError(result.decidedBy === 'phone' ? 'program' : result.decidedBy));
    };
    // Raised again once decided (after a restart that kept it): the decision stands, no second card.
    const decided = pane.decided.get(id);
    if (decided) return settle(decided.decidedBy === 'phone' && decided.outcome ? { answer: decided.outcome } : { decidedBy: decided.decidedBy });
    // Raised again after a wake (a Durable Object's): the card the phone already shows, not a new one.
    const restored = pane.claimAsk(id, settle);
    if (restored) {
      if (expiresInSeconds !== undefined && restored.ask.expiresAt) setExpiry(pane, restored, restored.ask, (Date.parse(restored.ask.expiresAt) - Date.now()) / 1000);
      return;
    }
    if (pane.openAsks.has(id)) return reject(new Error(`an ask for tool call ${spec.toolCallId} is already open`));
    const ask = askFromSpec(rest, id, 1, new Date().toISOString());
    const open: OpenAsk = { ask, settle };
    if (expiresInSeconds !== undefined) setExpiry(pane, open, ask, expiresInSeconds);
    pane.openAsk(open);
  });
}

function setExpiry(pane: PaneModel, open: OpenAsk, ask: Ask, seconds: number): void {
  if (open.timer) clearTimeout(open.timer);
  const ms = Math.max(0, seconds * 1000);
  ask.expiresAt = new Date(Date.now() + ms).toISOString();
  open.timer = setTimeout(() => pane.closeAsk(ask.id, 'timeout', null), ms);
}
