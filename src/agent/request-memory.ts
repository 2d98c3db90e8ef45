import { rememberBounded } from '../wire/bounded-map';
import { LIMITS } from '../wire/limits';
import type { WireErrorCode } from '../wire/types';

export interface Reply {
  status: number;
  body: Record<string, unknown>;
}

/** A request id's first reply, as storage keeps it. */
export interface KeptRequest {
  requestId: string;
  payload: string;
  reply: Reply;
}

/** Replies worth replaying: a refusal of the request's shape (400) may be corrected and sent again. */
const remembered = (status: number) => status < 400 || (status > 400 && status < 500);

/**
 * The agent's memory of request ids for one epoch: a repeat of an id gets the first reply
 * again with `replayed: true` and runs nothing (a repeat that arrives while the first still
 * runs waits for it); the same id with another payload is refused.
 */
export class RequestMemory {
  private readonly seen = new Map<string, { payload: string; reply: Promise<Reply> }>();
  /** Told of every reply kept for replay (a host that keeps the agent in storage saves it from here). */
  onKept: (kept: KeptRequest) => void = () => {};

  constructor(readonly capacity: number = LIMITS.requestIdMemory) {}

  /** Takes back replies kept before a wake, oldest first. */
  restore(kept: readonly KeptRequest[]): void {
    for (const { requestId, payload, reply } of kept) rememberBounded(this.seen, requestId, { payload, reply: Promise.resolve(reply) }, this.capacity);
  }

  async run(requestId: string, payload: string, work: () => Promise<Reply> | Reply): Promise<Reply> {
    const known = this.seen.get(requestId);
    if (known) {
      if (known.payload !== payload) return { status: 409, body: { code: 'request-id-reused' satisfies WireErrorCode } };
      const first = await known.reply;
      return { status: first.status, body: { ...first.body, replayed: true } };
    }
    const reply = Promise.resolve().then(work);
    rememberBounded(this.seen, requestId, { payload, reply }, this.capacity);
    try {
      const done = await reply;
      if (!remembered(done.status)) this.seen.delete(requestId);
      else this.onKept({ requestId, payload, reply: done });
      return done;
    } catch (err) {
      this.seen.delete(requestId);
      throw err;
    }
  }
}
