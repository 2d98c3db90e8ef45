import { request, type Agent } from 'node:https';
import type WebPush from 'web-push';
import { PUSH_LIMITS } from '../../wire/limits';
import type { PushPayload } from '../../wire/push-payload';
import { pushTarget, type PushTarget } from './push-endpoint';
import type { PushKeys } from './push-keys';
import { webPush } from './web-push-lib';
import type { Subscription, SubscriptionStore } from './subscriptions';

/** The VAPID subject push services may write to about this bridge's pushes (RFC 8292); no address of the person. */
export const VAPID_SUBJECT = 'mailto:collie-bridge@users.noreply.invalid';

export interface SendCounts {
  sent: number;
  /** The push service said the subscription is gone (404 / 410): it was deleted. */
  gone: number;
  /** Any other failure (an error status, no answer by the deadline): counted, not retried; enough in a row drop the subscription. */
  failed: number;
}

type Outcome = keyof SendCounts | 'skipped';

export interface SenderOptions {
  /** Tests trust their own push service's CA through this (or record where it dials); a real bridge uses the system's. */
  agent?: Agent;
  /** A test's own push service's `host:port`, besides the browsers' (`push-hosts.ts`). */
  extraHosts?: readonly string[];
  /** Tests shorten `PUSH_LIMITS.sendDeadlineMs`. */
  deadlineMs?: number;
}

/**
 * Sends payloads to subscriptions: encrypted for each (RFC 8291, `aes128gcm`) and signed with the
 * bridge's VAPID key by `web-push`, then posted by the bridge itself to the parts of the endpoint
 * it checked (`push-endpoint.ts`), so what is dialled is exactly what was allowed. Each push has
 * the payload's `topic` (a newer push for the same tag replaces one still waiting), a TTL of
 * hours and high urgency.
 *
 * Each endpoint has a lane of its own (its pushes in order, one at a time) and lanes run side by
 * side, at most `sendsAtOnce` posts in all, each with its own deadline: a push service that
 * stalls delays only the pushes to that subscription. An endpoint that answers 404 / 410 is
 * deleted; one that fails `failuresBeforeDrop` times in a row is dropped with one log line, and
 * its device is told notifications stopped. Log lines name the push service's host and the
 * status, never an endpoint (it is a capability) or a key.
 */
export class PushSender {
  readonly counts: SendCounts = { sent: 0, gone: 0, failed: 0 };
  private readonly lanes = new Map<string, Promise<unknown>>();
  private readonly failuresInARow = new Map<string, number>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private posting = 0;
  /** Aborted when the bridge closes: a push service's stall must not hold the bridge's stop. */
  private readonly closing = new AbortController();
  private readonly waitingForSlot: (() => void)[] = [];

  constructor(
    private readonly keys: PushKeys,
    private readonly subscriptions: SubscriptionStore,
    private readonly log: (line: string) => void,
    private readonly options: SenderOptions = {},
  ) {}

  /** Queues the payload for each subscription; resolves with what happened to it (and adds that to `counts`). */
  send(payload: PushPayload, to: readonly Subscription[]): Promise<SendCounts> {
    const body = JSON.stringify(payload);
    const done = Promise.all(to.map((sub) => this.queue(sub, body, payload.tag))).then((outcomes) => {
      const counts: SendCounts = { sent: 0, gone: 0, failed: 0 };
      for (const outcome of outcomes) if (outcome !== 'skipped') counts[outcome] += 1;
      return counts;
    });
    this.inFlight.add(done);
    void done.finally(() => this.inFlight.delete(done));
    return done;
  }

  /** Ends every post under way (each counts as failed) and sends nothing more. */
  close(): void {
    this.closing.abort();
  }

  /** Resolves once every push queued so far has been answered, failed or timed out. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private queue(sub: Subscription, body: string, topic: string): Promise<Outcome> {
    const before = this.lanes.get(sub.endpoint) ?? Promise.resolve();
    const mine = before.then(() => this.deliver(sub, body, topic));
    const tail = mine.catch(() => undefined);
    this.lanes.set(sub.endpoint, tail);
    void tail.then(() => this.lanes.get(sub.endpoint) === tail && this.lanes.delete(sub.endpoint));
    return mine;
  }

  private async deliver(sub: Subscription, body: string, topic: string): Promise<Outcome> {
    // Dropped or unsubscribed while this push waited in its lane: nothing to send it to.
    if (!this.subscriptions.has(sub) || this.closing.signal.aborted) return 'skipped';
    let target: PushTarget;
    let details: ReturnType<typeof WebPush.generateRequestDetails>;
    const lib = await webPush();
    try {
      target = pushTarget(sub.endpoint, this.options.extraHosts);
      const { publicKey, privateKey } = await this.keys.keys();
      details = lib.generateRequestDetails({ endpoint: target.href, keys: sub.keys }, body, {
        vapidDetails: { subject: VAPID_SUBJECT, publicKey, privateKey },
        TTL: PUSH_LIMITS.ttlSeconds,
        urgency: 'high',
        topic,
        contentEncoding: 'aes128gcm',
      });
    } catch {
      // Nothing to encrypt for (a key that is no point on the curve): a failure of this subscription, never of the bridge.
      return this.tally(sub, new URL(sub.endpoint).hostname, 'cannot encrypt for this subscription');
    }
    await this.slot();
    let status: number | string;
    try {
      const deadline = AbortSignal.timeout(this.options.deadlineMs ?? PUSH_LIMITS.sendDeadlineMs);
      status = await post(target, details.headers, details.body, AbortSignal.any([deadline, this.closing.signal]), this.options.agent);
    } catch (err) {
      status = (err as Error).name === 'AbortError' || (err as Error).name === 'TimeoutError' ? 'no answer in time' : ((err as NodeJS.ErrnoException).code ?? 'error');
    } finally {
      this.release();
    }
    return this.tally(sub, target.hostname, status);
  }

  private async tally(sub: Subscription, host: string, status: number | string): Promise<Outcome> {
    if (typeof status === 'number' && status >= 200 && status < 300) {
      this.failuresInARow.delete(sub.endpoint);
      this.counts.sent += 1;
      return 'sent';
    }
    if (status === 404 || status === 410) {
      this.failuresInARow.delete(sub.endpoint);
      this.counts.gone += 1;
      if (await this.subscriptions.removeEndpoint(sub.endpoint)) this.log(`[bridge] push: ${host} says a subscription of ${sub.deviceId} is gone (${status}); deleted it`);
      return 'gone';
    }
    this.counts.failed += 1;
    const inARow = (this.failuresInARow.get(sub.endpoint) ?? 0) + 1;
    if (inARow < PUSH_LIMITS.failuresBeforeDrop) {
      this.failuresInARow.set(sub.endpoint, inARow);
      this.log(`[bridge] push: ${host} did not take a push for ${sub.deviceId} (${status})`);
      return 'failed';
    }
    this.failuresInARow.delete(sub.endpoint);
    if (await this.subscriptions.stopFailing(sub, host))
      this.log(`[bridge] push: ${host} failed ${inARow} pushes in a row for ${sub.deviceId} (last: ${status}); stopped notifying that subscription (the phone says so)`);
    return 'failed';
  }

  private async slot(): Promise<void> {
    if (this.posting < PUSH_LIMITS.sendsAtOnce) {
      this.posting += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waitingForSlot.push(resolve));
  }

  private release(): void {
    const next = this.waitingForSlot.shift();
    if (next)
      next(); // the slot passes on as it is
    else this.posting -= 1;
  }
}

/** One POST to the checked parts of an endpoint, within the deadline; resolves with the status (the body is drained, unread). */
function post(target: PushTarget, headers: Record<string, string | number>, body: Buffer | null, signal: AbortSignal, agent: Agent | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.path,
        method: 'POST',
        headers,
        signal,
        ...(agent ? { agent } : {}),
      },
      (res) => {
        res.on('error', reject);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.resume();
      },
    );
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}
