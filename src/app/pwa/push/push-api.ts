import { pathOf } from '../../../wire/phone-routes';
import { errorOf } from '../../phone-api-client';

/** What the phone asks the bridge about push (the routes in `src/bridge/push/push-routes.ts`). */
export interface PushApi {
  /** `stopped`: the bridge dropped this phone's subscription because its push service kept failing. */
  key(): Promise<{ publicKey: string; subscribed: boolean; stopped?: { at: string } }>;
  /** The browser's `PushSubscription.toJSON()`. */
  subscribe(subscription: unknown): Promise<unknown>;
  unsubscribe(endpoint: string): Promise<unknown>;
  test(): Promise<{ sent: number }>;
}

export function createPushApi(fetchImpl: typeof fetch = (...args) => fetch(...args)): PushApi {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetchImpl(path, {
      method,
      cache: 'no-store',
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    if (!res.ok) throw await errorOf(res);
    return (await res.json().catch(() => null)) as T;
  }
  return {
    key: () => call('GET', pathOf('pushKey', {})),
    subscribe: (subscription) => call('POST', pathOf('pushSubscribe', {}), subscription),
    unsubscribe: (endpoint) => call('DELETE', pathOf('pushUnsubscribe', {}), { endpoint }),
    test: () => call('POST', pathOf('pushTest', {}), {}),
  };
}
