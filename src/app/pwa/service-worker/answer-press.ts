import { ASK_OUTCOMES, type AskOutcome } from '../../../wire/write-json';
import { isValidId } from '../../../wire/ids';
import { answerRoute } from '../../../wire/phone-routes';
import type { AskPush } from '../../../wire/push-payload';
import { isRecord } from '../../../wire/read';
import { mintRequestId } from '../../request-id';
import type { AnswerSettings } from './answer-settings';
import { claimPress, PRESS_DEADLINE_MS, PRESS_SETTLED, settlePress, type Press, type PressBackend } from './notification-presses';
import { notificationTurn } from './notification-turn';
import type { NotificationAnswer, NotificationData } from './sw-messages';
import { loadWorkerLocale, swText as t, type WorkerKey } from './sw-words';

/**
 * Answering from a notification's buttons (docs/phone.md §5). Which questions may have buttons is
 * the wire's rule (push-answer.ts, applied by the bridge); here the phone adds its own: the
 * person's settings (choice questions on by default, a tool's permission only once turned on) and
 * the browser's room for buttons (none on iOS, where `maxActions` is missing; a question with more
 * options than fit keeps the plain notification rather than hide one).
 *
 * A press is one intent, as a tap on the card: the worker mints its request id and keeps it
 * (notification-presses.ts) before sending it through the card's own route, with the card's hash,
 * under the paired phone's cookie. A second press sends nothing new; an unknown outcome is never
 * sent again by the worker (the app's Try again does it, under the same id). The notification then
 * says what happened, in the card's words.
 */
export type NotificationAction = { action: string; title: string };

/** The buttons this push's notification shows, or null for the plain notification. */
export function answerButtons(push: AskPush, settings: AnswerSettings, maxActions: number): NotificationAnswer | null {
  const { answer } = push;
  if (!answer) return null;
  const base = { agent: push.agent, paneId: push.paneId, askId: push.askId, hash: answer.hash };
  if (answer.kind === 'choice') {
    if (!settings.choice || answer.options.length > maxActions) return null;
    return { ...base, kind: 'choice', buttons: answer.options.map(({ id, label }) => ({ id, label })) };
  }
  if (!settings.permission || maxActions < 2) return null;
  return {
    ...base,
    kind: 'permission',
    buttons: [
      { id: answer.allow, label: t('push.action.allowOnce') },
      { id: answer.deny, label: t('push.action.deny') },
    ],
  };
}

/** Reads a notification's answer back (its data went through the browser): null when it is not one the worker wrote. */
export function readNotificationAnswer(raw: unknown): NotificationAnswer | null {
  if (!isRecord(raw) || (raw.kind !== 'choice' && raw.kind !== 'permission')) return null;
  if (typeof raw.agent !== 'string' || !isValidId(raw.paneId) || !isValidId(raw.askId) || typeof raw.hash !== 'string' || !Array.isArray(raw.buttons)) return null;
  const buttons = (raw.buttons as unknown[]).filter((b): b is { id: string; label: string } => isRecord(b) && isValidId(b.id) && typeof b.label === 'string');
  return { kind: raw.kind, agent: raw.agent, paneId: raw.paneId, askId: raw.askId, hash: raw.hash, buttons: buttons.map(({ id, label }) => ({ id, label })) };
}

/** What each outcome says on the notification: the card's sentence where it fits a notification, else its notification form. */
const OUTCOME_WORDS: Record<Exclude<AskOutcome, 'taken'>, WorkerKey> = {
  // Nothing reached the agent: the conversation was busy. The card is where to answer again.
  busy: 'push.outcome.notTaken',
  stale: 'push.outcome.stale',
  'decided-in-agent': 'ask.outcome.decidedInAgent',
  'timed-out': 'ask.outcome.timedOut',
  'already-answered': 'push.outcome.alreadyAnswered',
  'too-late': 'ask.outcome.tooLate',
  'not-sent': 'push.outcome.notSent',
  unknown: 'push.outcome.unknown',
  'maybe-applied': 'ask.outcome.maybeApplied',
};

/** The sentence for what a press came to. */
export function pressWords(press: Press): string {
  if (press.state === 'sending') return t('ask.sending');
  // Refused by the bridge (its code is on the card) or by the agent's caller check: nothing was applied.
  if (press.state === 'failed') return t(press.error === 'caller-refused' ? 'act.refused.callerRefused' : 'push.outcome.notTaken');
  const outcome = press.state === 'unknown' ? 'unknown' : (press.outcome ?? 'unknown');
  return outcome === 'taken' ? t('chat.answered', { answer: press.label }) : t(OUTCOME_WORDS[outcome]);
}

const outcomeOf = (json: unknown): AskOutcome | undefined => {
  const outcome = isRecord(json) ? json.outcome : undefined;
  return typeof outcome === 'string' && (ASK_OUTCOMES as readonly string[]).includes(outcome) ? (outcome as AskOutcome) : undefined;
};

/**
 * The one POST, as the card makes it (the phone's client reads replies by the same rule): a reply
 * is its outcome; a refusal under 500 is the bridge's code, nothing reached the agent; anything
 * else (no answer, the network, a 5xx, a reply that does not read) is unknown.
 */
export async function sendPress(press: Press, fetcher: typeof fetch): Promise<Press> {
  const { path, body } = answerRoute(press.askId, {
    agent: press.agent,
    paneId: press.paneId,
    requestId: press.requestId,
    hash: press.hash,
    answer: { optionIds: [press.optionId] },
    secondTap: false,
    via: 'notification',
  });
  const unknown: Press = { ...press, state: 'unknown', outcome: 'unknown' };
  let res: Response;
  try {
    res = await fetcher(path, {
      method: 'POST',
      // The page's cookie goes along (same origin): the bridge answers only a paired phone, and a watch device's press is refused.
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(PRESS_DEADLINE_MS),
    });
  } catch {
    return unknown;
  }
  const json: unknown = await res.json().catch(() => null);
  if (res.ok) {
    const outcome = outcomeOf(json);
    return outcome === undefined || outcome === 'unknown' ? unknown : { ...press, state: 'done', outcome };
  }
  if (res.status >= 500) return unknown;
  const code = isRecord(json) && typeof json.code === 'string' ? json.code : String(res.status);
  return { ...press, state: 'failed', error: code };
}

export interface PressDeps {
  presses(): Promise<PressBackend>;
  settings(): Promise<AnswerSettings>;
  fetch: typeof fetch;
  now(): number;
  /** The press is not one to send (a button it did not show, or a setting turned off since): open the card as a tap does. */
  open(): Promise<void>;
}

/** A press on one of a notification's buttons. */
export async function answerFromNotification(sw: ServiceWorkerGlobalScope, notification: Notification, action: string, deps: PressDeps): Promise<void> {
  const data = notification.data as Partial<NotificationData> | null;
  const answer = readNotificationAnswer(data?.answer);
  const button = answer?.buttons.find((b) => b.id === action);
  if (!answer || !button) return deps.open();
  // The setting is read again at the press: turned off since the notification came, the press only opens the card.
  const settings = await deps.settings();
  if (!(answer.kind === 'choice' ? settings.choice : settings.permission)) return deps.open();

  await loadWorkerLocale(sw.navigator?.languages); // a worker stopped since the push has forgotten it
  const backend = await deps.presses();
  const fresh: Press = {
    requestId: mintRequestId(),
    agent: answer.agent,
    paneId: answer.paneId,
    askId: answer.askId,
    hash: answer.hash,
    optionId: button.id,
    label: button.label,
    state: 'sending',
    at: deps.now(),
  };
  const claim = await claimPress(backend, fresh, deps.now());
  if (!claim.claimed) {
    // The same question pressed before: nothing new is sent; a settled one says again what happened.
    if (claim.press.state !== 'sending') await sayOutcome(sw, notification, data, claim.press);
    return;
  }
  await sayOutcome(sw, notification, data, fresh); // "Sending…", and no buttons left to press
  const settled = await sendPress(fresh, deps.fetch);
  await settlePress(backend, settled);
  await sayOutcome(sw, notification, data, settled);
  for (const window of await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })) window.postMessage(PRESS_SETTLED);
}

/** Replaces the notification (same tag) with one that says what the press came to; a tap on it opens the chat at the card. */
async function sayOutcome(sw: ServiceWorkerGlobalScope, notification: Notification, data: Partial<NotificationData> | null, press: Press): Promise<void> {
  const question = typeof data?.question === 'string' ? data.question : '';
  const kept: NotificationData = { hash: typeof data?.hash === 'string' ? data.hash : '#/', agent: press.agent, askId: press.askId, question };
  const words = pressWords(press);
  await notificationTurn(sw.navigator?.locks, () =>
    sw.registration.showNotification(notification.title, {
      body: question ? `${words}\n${question}` : words,
      tag: notification.tag,
      icon: notification.icon,
      data: kept,
    }),
  );
}
