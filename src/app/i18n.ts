import { signal } from '@preact/signals';
import type enCatalog from '../../locales/en.json';
import firstWords from 'virtual:first-words';
import { listFormat, numberFormat, pluralRules } from './intl-cache';
import type { Locale } from './locale-pick';

/**
 * The app's words. English is bundled, the words of the first load's screens in it and the rest
 * loaded beside any later screen's code (`moreWords`); Chinese and Russian load when chosen. Every user-facing
 * sentence has a key in locales/en.json: a key that is not there fails the type check, and a key
 * a translation lacks falls back to English. A value is a string, or for a count an object of
 * plural forms by `Intl.PluralRules` category (`one`, `few`, `many`, `other`…), picked by `count`.
 */
type Catalog = typeof enCatalog;
export type MessageKey = keyof Catalog;
type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
/** A translation: any subset of the keys (the rest are English), each shaped as in English. */
export type Messages = { [K in MessageKey]?: Catalog[K] extends string ? string : PluralForms };

export { LOCALES, pickLocale, type Locale } from './locale-pick';

/** Each language by its own name, as a language picker shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', 'zh-CN': '简体中文', ru: 'Русский' };

const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<Messages>> = {
  'zh-CN': () => import('../../locales/zh-CN.json').then((m) => m.default as Messages),
  ru: () => import('../../locales/ru.json').then((m) => m.default as Messages),
};

/** English as far as it has loaded: every key, once `moreWords` has. */
let en: Messages = firstWords;
const current = signal<{ locale: Locale; messages: Messages }>({ locale: 'en', messages: en });

let more: Promise<void> | null = null;
/**
 * Loads the English words the first load left out (vite-plugins/first-words.ts), once; a screen or store
 * whose code loads later waits for them beside it (lazy-screen.tsx, lazy-store.ts).
 */
export function moreWords(): Promise<void> {
  return (more ??= import('virtual:more-words').then(
    (m) => {
      en = { ...en, ...m.default };
      const now = current.peek();
      current.value = { locale: now.locale, messages: now.locale === 'en' ? en : now.messages };
    },
    (err: unknown) => {
      more = null;
      throw err;
    },
  ));
}

/** The app's language now (components that read it redraw when it changes). */
export function locale(): Locale {
  return current.value.locale;
}

/** Switches the app's words, and the page's `lang` and `dir` with them. A language that fails to load leaves the words as they were. */
export async function switchLocale(next: Locale): Promise<boolean> {
  try {
    const messages = next === 'en' ? en : await LOADERS[next]();
    current.value = { locale: next, messages };
  } catch (err) {
    console.warn(`i18n: ${next} could not be loaded`, err);
    return false;
  }
  if (typeof document !== 'undefined') {
    document.documentElement.lang = next;
    document.documentElement.dir = 'ltr'; // all three are written left to right
  }
  return true;
}

/** Several names as one phrase in the app's language ("Yes, No" / "是、否"). */
export function listWords(items: readonly string[]): string {
  return listFormat(current.value.locale, { style: 'narrow', type: 'conjunction' }).format(items);
}

/**
 * A number in the language's own way. A whole number under 1000 is its digits in each language the
 * app speaks (no grouping, Latin digits), written without `Intl`: the first number formatter a page
 * makes is one of its longest tasks (views/time/clock.ts), and the counts of a first screen are small.
 */
const numeral = (value: number, lang: Locale) => (Number.isInteger(value) && value >= 0 && value < 1000 ? String(value) : numberFormat(lang).format(value));

/** The one lookup for copy: `{name}` placeholders are filled from `params` as text, numbers in the language's own way. */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  const { locale: at, messages } = current.value;
  const own = messages[key];
  const [value, lang] = own === undefined ? [en[key], 'en' as Locale] : [own, at];
  // A word of a screen whose code came before its words (never, through lazyScreen and lazyStore): blank until they come.
  if (value === undefined) {
    void moreWords().catch(() => undefined);
    return '';
  }
  const count = params.count;
  const text = typeof value === 'string' ? value : (value[pluralRules(lang).select(typeof count === 'number' ? count : Number(count))] ?? value.other);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in params)) return whole;
    const param = params[name];
    return typeof param === 'number' ? numeral(param, lang) : String(param);
  });
}
