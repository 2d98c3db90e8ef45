import { LIMITS } from '../wire/limits';

export interface Reply {
  status: number;
  body: Record<string, unknown>;
}

/**
 * The agent's memory of request ids for one epoch: a repeat of a finished id gets the first
 * reply again with `replayed: true`; the same id with another payload is refused.
 */
export class RequestMemory {
  private readonly seen = new Map<string, { payload: string; reply: Reply }>();

  constructor(private readonly capacity: number = LIMITS.requestIdMemory) {}

  /** What to answer for a request id already seen, or undefined to run the request. */
  recall(requestId: string, payload: string): Reply | undefined {
    const known = this.seen.get(requestId);
    if (!known) return undefined;
    if (known.payload !== payload) return { status: 409, body: { code: 'request-id-reused' } };
    return { status: known.reply.status, body: { ...known.reply.body, replayed: true } };
  }

  remember(requestId: string, payload: string, reply: Reply): void {
    this.seen.set(requestId, { payload, reply });
    while (this.seen.size > this.capacity) {
      const oldest = this.seen.keys().next().value;
      if (oldest === undefined) break;
      this.seen.delete(oldest);
    }
  }
}
