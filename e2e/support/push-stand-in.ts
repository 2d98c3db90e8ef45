import type { Page } from '@playwright/test';
import type { TestSubscription } from '../../src/bridge/testing/push-service';

/**
 * The one stand-in of the push specs: PushManager as a browser with a push service would answer,
 * with the test service's subscription (headless Chromium cannot subscribe to a real service).
 */
export async function standInPushManager(page: Page, json: TestSubscription['json']): Promise<void> {
  await page.addInitScript((json) => {
    let kept: object | null = null;
    const made = () => ({ endpoint: json.endpoint, toJSON: () => json, unsubscribe: async () => ((kept = null), true) });
    PushManager.prototype.subscribe = async function () {
      return (kept ??= made()) as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return kept as PushSubscription | null;
    };
  }, json);
}
