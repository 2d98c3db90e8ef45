import { heldPane, type ActRequest } from '../../wire/write-json';

/**
 * This phone's writes to one conversation go one at a time. The bridge holds a conversation for
 * each write until its outcome is in, and refuses another meanwhile as busy: a person who answers
 * one card and at once the next (or sends right after an answer) would be refused by their own
 * earlier tap. Queued here, each waits for the one before it instead. Stop never waits: the
 * bridge lets it through on its own, since a turn must always stop.
 */
export type WriteQueue = <T>(conversation: string | null, write: () => Promise<T>) => Promise<T>;

/**
 * How long a write waits for the one before it: about the most a bridge holds a conversation for
 * one write (its read of the agent and the write, each within the agent's write deadline of 5 s).
 * Past it the write goes anyway: the bridge then says busy itself, and nothing waits for ever.
 */
export const WAIT_FOR_EARLIER_MS = 10_000;

/** One queue per phone: the answers' and the acts' stores share it. */
export function createWriteQueue(waitMs = WAIT_FOR_EARLIER_MS): WriteQueue {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(conversation: string | null, write: () => Promise<T>): Promise<T> => {
    if (conversation === null) return write();
    const earlier = tails.get(conversation);
    let timer: ReturnType<typeof setTimeout> | undefined;
    // With nothing before it, a write leaves at once, as it would with no queue.
    const run = earlier
      ? Promise.race([earlier, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]).then(() => {
          clearTimeout(timer);
          return write();
        })
      : write();
    const tail = run.catch(() => {});
    tails.set(conversation, tail);
    void tail.then(() => {
      if (tails.get(conversation) === tail) tails.delete(conversation);
    });
    return run;
  };
}

/** A conversation as the queue names it: the agent and the pane the bridge's lock is keyed by. */
export const conversationOf = (agent: string, paneId: string) => JSON.stringify([agent, paneId]);

/** The conversation an act waits its turn for: the one it holds on the bridge (`heldPane`), but never for Stop. */
export function actConversation(request: ActRequest): string | null {
  const pane = request.act === 'stop' ? null : heldPane(request);
  return pane === null ? null : conversationOf(request.agent, pane);
}
