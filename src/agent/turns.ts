import type { AgentState } from './agent-state';
import { paneHandle, turnHandle, type PaneHandle, type TurnHandle } from './handles';
import type { PaneModel } from './pane-model';

export interface SendContext {
  pane: PaneHandle;
  text: string;
  requestId: string;
  turn: TurnHandle;
}

/** Runs the turn a send starts; the turn ends when the work returns (done) or throws (failed). */
export type SendHandler = (context: SendContext) => Promise<void> | void;

/**
 * Starts a turn for a text from the phone and runs the agent's send handler in it. When any turn
 * ends (this one, a stopped one, one of the agent's own), the oldest queued text starts the next.
 */
export function startSendTurn(
  state: AgentState,
  pane: PaneModel,
  first: { text: string; requestId: string },
  handler: SendHandler | undefined,
  log: (line: string) => void,
): string {
  const turn = pane.beginTurn(first);
  const context: SendContext = { pane: paneHandle(state, pane), ...first, turn: turnHandle(pane, turn.id) };
  void Promise.resolve()
    .then(() => handler?.(context))
    .then(
      () => pane.turn?.id === turn.id && pane.endTurn('done'),
      (err: unknown) => {
        if (pane.turn?.id !== turn.id || pane.turn.state !== 'running') return; // stopped: not a failure
        log(`[agent] a turn failed: ${err instanceof Error ? err.message : String(err)}`);
        pane.endTurn('failed');
      },
    );
  return turn.id;
}

/** After a turn ended: the oldest queued text starts the next turn, while the pane is shown and idle. */
export function startNextQueued(state: AgentState, pane: PaneModel, handler: SendHandler | undefined, log: (line: string) => void): void {
  if (pane.running || state.panes.get(pane.id) !== pane) return;
  const next = pane.queue.shift();
  if (next) startSendTurn(state, pane, next, handler, log);
}
