import type WebPush from 'web-push';

let loaded: Promise<typeof WebPush> | null = null;

/**
 * `web-push`, loaded on first need: it and its crypto libraries would slow every start of the CLI
 * or the bridge (figures: docs/performance.md), and most starts never make keys or send a push.
 */
export function webPush(): Promise<typeof WebPush> {
  loaded ??= import('web-push').then((module) => module.default);
  return loaded;
}
