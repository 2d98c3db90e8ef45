import type { Page } from '@playwright/test';
import type { TestSubscription } from '../../src/bridge/testing/push-service';

/**
 * The one stand-in of the push specs: PushManager as a browser with a push service would answer,
 * with the test service's subscription (headless Chromium cannot subscribe to a real service). As
 * a browser's does, the subscription outlives a reload of the page (it is kept in sessionStorage).
 */
export async function standInPushManager(page: Page, json: TestSubscription['json']): Promise<void> {
  await page.addInitScript((json) => {
    const KEY = 'push-stand-in:subscribed';
    const made = () => ({ endpoint: json.endpoint, toJSON: () => json, unsubscribe: async () => (sessionStorage.removeItem(KEY), true) });
    PushManager.prototype.subscribe = async function () {
      sessionStorage.setItem(KEY, '1');
      return made() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (sessionStorage.getItem(KEY) ? made() : null) as PushSubscription | null;
    };
  }, json);
}
