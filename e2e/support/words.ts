import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The app's words as the e2e suite reads them: each locale file, and a sentence of it with its
 * placeholders filled, so a test finds a button or heading by the name a person reads in that language.
 */
export type Catalog = Record<string, string | Record<string, string>>;

export const catalog = (code: string): Catalog => JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'locales', `${code}.json`), 'utf8')) as Catalog;

export const ENGLISH = catalog('en');

/** The languages the app speaks: the browser's tag a phone would send, and the app's code for it. */
export const LANGUAGES = [
  { tag: 'en-US', code: 'en', words: ENGLISH },
  { tag: 'zh-CN', code: 'zh-CN', words: catalog('zh-CN') },
  { tag: 'ru-RU', code: 'ru', words: catalog('ru') },
];

/** A test's language as a Playwright tag: `npx playwright test --grep @ru` runs only the Russian ones. */
export const inLanguage = (code: string): { tag: string } => ({ tag: `@${code}` });

/** A sentence in a language: the value, its `other` form for counts, placeholders filled. */
export function say(words: Catalog, key: string, params: Record<string, string> = {}): string {
  const value = words[key] ?? ENGLISH[key];
  if (value === undefined) throw new Error(`no key ${key} in locales/en.json`);
  const text = typeof value === 'string' ? value : value.other!;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}

/** A sentence as a pattern: its placeholders match anything. */
export function pattern(words: Catalog, key: string): RegExp {
  const value = words[key] ?? ENGLISH[key]!;
  const text = typeof value === 'string' ? value : value.other!;
  return new RegExp(
    `^${text
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+')}$`,
  );
}
