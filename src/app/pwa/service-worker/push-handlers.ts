import { loadWorkerLocale, swText as t } from './sw-words';
import { pathOf } from '../../../wire/phone-routes';
import { parsePushPayload, type PushPayload } from '../../../wire/push-payload';
import { hrefOf } from '../../routes';
import { answerButtons, answerFromNotification, type NotificationAction } from './answer-press';
import { loadAnswerSettings } from './answer-settings';
import { idbPresses } from './notification-presses';
import { notificationTurn } from './notification-turn';
import type { NotificationAnswer, NotificationData, OpenFromNotification } from './sw-messages';

/*
 * The worker's side of notifications for questions. A push shows one notification: the agent's
 * name as its title, the ask's title as its body, one tag per ask (a newer push for the same ask
 * replaces it), the app's icon. A question the bridge marked answerable gets its buttons when the
 * person's settings and the browser allow (answer-press.ts); every other one opens its card. Each
 * push also names asks closed since, whose notifications are withdrawn now.
 */
export const NOTIFICATION_ICON = '/icon-192.png';

export function notificationOf(
  push: PushPayload | null,
  answer: NotificationAnswer | null = null,
): { title: string; options: NotificationOptions & { actions?: NotificationAction[] } } {
  // No `badge`: Android draws it as a one-colour mask, and the app's icon would be a blank square.
  const base = { icon: NOTIFICATION_ICON };
  if (!push) return { title: t('app.title'), options: { ...base, body: t('push.unreadable'), data: { hash: '#/' } satisfies NotificationData } };
  const body =
    push.kind === 'ask'
      ? push.about
        ? t('push.toolAsk', { tool: push.title, about: push.about })
        : push.title || t('push.askUntitled')
      : push.kind === 'summary'
        ? t(push.waiting === 1 ? 'push.summaryOne' : 'push.summary', { agent: push.agent, count: push.waiting })
        : t('push.test');
  if (push.kind !== 'ask') return { title: push.kind === 'test' ? t('app.title') : push.agent, options: { ...base, body, tag: push.tag, data: { hash: pushHref(push) } } };
  const data: NotificationData = { hash: pushHref(push), agent: push.agent, askId: push.askId, question: body };
  if (!answer) return { title: push.agent, options: { ...base, body, tag: push.tag, data } };
  const actions = answer.buttons.map(({ id, label }) => ({ action: id, title: label }));
  return { title: push.agent, options: { ...base, body, tag: push.tag, data: { ...data, answer }, actions } };
}

function readPush(event: PushEvent): PushPayload | null {
  try {
    return parsePushPayload(event.data?.json());
  } catch {
    return null;
  }
}

/**
 * Shows the push (every push shows one: a browser may end a subscription whose pushes show nothing).
 * Pushes that come together are handled at once: the reading of one (for the asks it names as
 * closed) waits for the showing of another, and the page's reads wait too (notification-turn.ts).
 */
export async function showPush(sw: ServiceWorkerGlobalScope, push: PushPayload | null): Promise<void> {
  await loadWorkerLocale(sw.navigator?.languages);
  const answer = push?.kind === 'ask' && push.answer ? answerButtons(push, await loadAnswerSettings(), maxActions(sw)) : null;
  const { title, options } = notificationOf(push, answer);
  await notificationTurn(sw.navigator?.locks, async () => {
    if (push && push.closed.length > 0) {
      const closed = new Set(push.closed);
      for (const shown of await sw.registration.getNotifications()) if (closed.has(shown.tag)) shown.close();
    }
    await sw.registration.showNotification(title, options);
  });
}

/** How many buttons this browser shows on a notification: none where `maxActions` is missing (iOS, Firefox). */
function maxActions(sw: ServiceWorkerGlobalScope): number {
  const max = (sw as unknown as { Notification?: { maxActions?: unknown } }).Notification?.maxActions;
  return typeof max === 'number' ? max : 0;
}

/** A tap: the open window shows the chat at its card (and comes to the front), or a new window opens there. */
export async function openFromNotification(sw: ServiceWorkerGlobalScope, notification: Notification): Promise<void> {
  notification.close();
  const data = notification.data as Partial<NotificationData> | null;
  const hash = typeof data?.hash === 'string' && data.hash.startsWith('#/') ? data.hash : '#/';
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === sw.location.origin);
  if (open) {
    open.postMessage({ type: 'collie-open', hash } satisfies OpenFromNotification);
    // A window may refuse focus (no user activation); it shows the card all the same.
    await open.focus().catch(() => undefined);
    return;
  }
  await sw.clients.openWindow(`/${hash}`);
}

/**
 * The browser renewed (or dropped) this phone's subscription: subscribe again with the same key if
 * needed, and give the bridge the new one, so pushes keep arriving without the app being opened.
 */
export async function renewSubscription(
  sw: ServiceWorkerGlobalScope,
  event: Event & { oldSubscription?: PushSubscription | null; newSubscription?: PushSubscription | null },
): Promise<void> {
  const key = event.oldSubscription?.options.applicationServerKey;
  const renewed = event.newSubscription ?? (key ? await sw.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }) : null);
  if (!renewed) return;
  await fetch(pathOf('pushSubscribe', {}), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(renewed.toJSON()) });
}

export function listenForPushes(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => event.waitUntil(showPush(sw, readPush(event))));
  sw.addEventListener('pushsubscriptionchange', (event) => (event as ExtendableEvent).waitUntil(renewSubscription(sw, event)));
  sw.addEventListener('notificationclick', (event) => {
    // Begun before waitUntil, so the tap is handled even when the event cannot be extended.
    const open = () => openFromNotification(sw, event.notification);
    const handled = event.action
      ? answerFromNotification(sw, event.notification, event.action, {
          presses: idbPresses,
          settings: loadAnswerSettings,
          fetch: (input, init) => fetch(input, init),
          now: () => Date.now(),
          open,
        })
      : open();
    event.waitUntil(handled);
  });
}

/**
 * Where a tap on the notification opens the app: the chat at its card for an ask (the address the
 * dashboard's inbox links to), the dashboard otherwise.
 */
export function pushHref(push: PushPayload): string {
  return hrefOf(push.kind === 'ask' ? { screen: 'chat', agent: push.agent, paneId: push.paneId, askId: push.askId } : { screen: 'dashboard' });
}
