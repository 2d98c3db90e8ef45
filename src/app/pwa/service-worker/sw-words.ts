import { get, set } from 'idb-keyval';
import en from '../../../../locales/en.json';
import ru from '../../../../locales/ru.json';
import zh from '../../../../locales/zh-CN.json';
import { LOCALES, pickLocale, type Locale } from '../../locale-pick';
import { workerSettings } from './answer-settings';

/**
 * The worker's few sentences (keys in locales/ like every other sentence), in the app's language:
 * the one the person chose, which the page tells the worker (kept, since a worker is stopped
 * between pushes), else the phone's own. Not through `i18n.ts`: that module loads translations
 * with dynamic imports and signals, which a service worker's single file does not take.
 */
export type WorkerKey =
  | 'app.title'
  | 'push.summary'
  | 'push.summaryOne'
  | 'push.askUntitled'
  | 'push.toolAsk'
  | 'push.test'
  | 'push.unreadable'
  // Answering from a notification: its buttons, and what happened, in the card's words where they fit a notification.
  | 'push.action.allowOnce'
  | 'push.action.deny'
  | 'ask.sending'
  | 'chat.answered'
  | 'push.outcome.stale'
  | 'ask.outcome.decidedInAgent'
  | 'ask.outcome.timedOut'
  | 'push.outcome.alreadyAnswered'
  | 'ask.outcome.tooLate'
  | 'push.outcome.unknown'
  | 'push.outcome.notSent'
  | 'ask.outcome.maybeApplied'
  | 'push.outcome.notTaken'
  | 'act.refused.callerRefused';
const CATALOGS: Record<Locale, Partial<Record<WorkerKey, string>>> = { en, ru, 'zh-CN': zh };
const KEPT = { key: 'locale', store: workerSettings };

let current: Locale = 'en';

/** Reads the language to speak, before a notification is shown. */
export async function loadWorkerLocale(languages: readonly string[] = []): Promise<Locale> {
  let chosen: unknown;
  try {
    chosen = await get<unknown>(KEPT.key, KEPT.store());
  } catch {
    chosen = undefined; // no storage here: the phone's languages decide
  }
  current = LOCALES.includes(chosen as Locale) ? (chosen as Locale) : pickLocale(languages);
  return current;
}

/** The page's language, told by the page; null follows the phone's. */
export async function keepWorkerLocale(chosen: Locale | null): Promise<void> {
  try {
    await set(KEPT.key, chosen, KEPT.store());
  } catch {
    // Not kept: the next push speaks the phone's language.
  }
}

export function swText(key: WorkerKey, params: Record<string, string | number> = {}): string {
  const text = CATALOGS[current][key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
