import type { Agent } from 'node:https';
import webpush from 'web-push';
import { PUSH_LIMITS } from '../../wire/limits';
import type { PushPayload } from '../../wire/push-payload';
import type { PushKeys } from './push-keys';
import type { Subscription, SubscriptionStore } from './subscriptions';

/** The VAPID subject push services may write to about this bridge's pushes (RFC 8292); no address of the person. */
export const VAPID_SUBJECT = 'mailto:collie-bridge@users.noreply.invalid';

export interface SendCounts {
  sent: number;
  /** The push service said the subscription is gone (404 / 410): it was deleted. */
  gone: number;
  /** Any other failure: counted, not retried (the next ask is the next try). */
  failed: number;
}

/**
 * Sends one payload to subscriptions with `web-push`: encrypted for each (RFC 8291,
 * `aes128gcm`), signed with the bridge's VAPID key, with the push's `topic` (so a newer push for
 * the same tag replaces one still waiting), a TTL of hours (a question older than that is stale)
 * and high urgency. An endpoint that answers 404 or 410 is deleted. Log lines name the push
 * service's host and the status, never an endpoint (it is a capability) or a key.
 */
export class PushSender {
  readonly counts: SendCounts = { sent: 0, gone: 0, failed: 0 };

  constructor(
    private readonly keys: PushKeys,
    private readonly subscriptions: SubscriptionStore,
    private readonly log: (line: string) => void,
    /** Tests trust their own push service's CA through this; a real bridge uses the system's. */
    private readonly agent?: Agent,
  ) {}

  /** Sends to each subscription once; returns what happened to this payload (and adds it to `counts`). */
  async send(payload: PushPayload, to: readonly Subscription[]): Promise<SendCounts> {
    const counts: SendCounts = { sent: 0, gone: 0, failed: 0 };
    const count = (what: keyof SendCounts) => ((counts[what] += 1), (this.counts[what] += 1));
    if (to.length === 0) return counts;
    const { publicKey, privateKey } = await this.keys.keys();
    const body = JSON.stringify(payload);
    await Promise.all(
      to.map(async (sub) => {
        try {
          await webpush.sendNotification({ endpoint: sub.endpoint, keys: sub.keys }, body, {
            vapidDetails: { subject: VAPID_SUBJECT, publicKey, privateKey },
            TTL: PUSH_LIMITS.ttlSeconds,
            urgency: 'high',
            topic: payload.tag,
            contentEncoding: 'aes128gcm',
            timeout: 10_000,
            ...(this.agent ? { agent: this.agent } : {}),
          });
          count('sent');
        } catch (err) {
          const status = err instanceof webpush.WebPushError ? err.statusCode : null;
          const where = new URL(sub.endpoint).host;
          if (status === 404 || status === 410) {
            count('gone');
            await this.subscriptions.removeEndpoint(sub.endpoint);
            this.log(`[bridge] push: ${where} says a subscription of ${sub.deviceId} is gone (${status}); deleted it`);
            return;
          }
          count('failed');
          this.log(`[bridge] push: ${where} did not take a push for ${sub.deviceId} (${status ?? (err as NodeJS.ErrnoException).code ?? 'error'})`);
        }
      }),
    );
    return counts;
  }
}
