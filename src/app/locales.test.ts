import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import zhCN from '../../locales/zh-CN.json';
import { switchLocale, t, type MessageKey } from './i18n';

type Value = string | Record<string, string>;
type Catalog = Record<string, Value>;

const english: Catalog = en;
const translations: Record<'zh-CN' | 'ru', Catalog> = { 'zh-CN': zhCN, ru };
const glossary = readFileSync(new URL('../../locales/GLOSSARY.md', import.meta.url), 'utf8');

/**
 * The only keys whose translation may equal English: the product terms the glossary keeps as they
 * are (its "same as English" rows). Values with no letters besides placeholders ("{agent} · {conversation}")
 * are allowed anyway.
 */
const SAME_AS_ENGLISH: Record<keyof typeof translations, MessageKey[]> = {
  'zh-CN': ['app.title', 'durable.section'],
  ru: ['app.title', 'durable.section'],
};

const placeholders = (text: string) => new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
const sorted = (names: Set<string | undefined>) => [...names].sort();
const forms = (value: Value) => (typeof value === 'string' ? [value] : Object.values(value));
const hasLetters = (text: string) => /\p{L}/u.test(text.replace(/\{\w+\}/g, ''));

describe.each(Object.entries(translations))('locales/%s.json', (lang, messages) => {
  it('has every key of en.json and no other', () => {
    const keys = Object.keys(english);
    expect(Object.keys(messages).filter((k) => !keys.includes(k))).toEqual([]);
    expect(keys.filter((k) => !(k in messages))).toEqual([]);
  });

  it('keeps each value shaped as in English: a string stays a string, a count stays plural forms', () => {
    const wrong = Object.keys(english).filter((k) => k in messages && typeof english[k] !== typeof messages[k]);
    expect(wrong).toEqual([]);
  });

  it("gives every plural key exactly the forms the language's plural rules use", () => {
    const categories = [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort();
    expect(categories).toContain('other');
    for (const [key, value] of Object.entries(messages)) {
      if (typeof value === 'string') continue;
      expect({ key, forms: Object.keys(value).sort() }).toEqual({ key, forms: categories });
    }
  });

  it("keeps English's placeholders: all of them in a string and in the `other` form, none added in any form", () => {
    for (const [key, value] of Object.entries(messages)) {
      const source = english[key];
      if (source === undefined) continue;
      const wanted = new Set(forms(source).flatMap((f) => [...placeholders(f)]));
      if (typeof value === 'string') {
        expect({ key, placeholders: sorted(placeholders(value)) }).toEqual({ key, placeholders: sorted(wanted) });
        continue;
      }
      for (const [category, form] of Object.entries(value)) {
        const extra = [...placeholders(form)].filter((p) => !wanted.has(p));
        expect({ key, category, extra }).toEqual({ key, category, extra: [] });
      }
      expect({ key, other: sorted(placeholders(value.other ?? '')) }).toEqual({ key, other: sorted(wanted) });
    }
  });

  it('has no empty value', () => {
    const empty = Object.entries(messages).filter(([, value]) => forms(value).some((f) => f.trim() === ''));
    expect(empty.map(([key]) => key)).toEqual([]);
  });

  it('translates every value, except the glossary terms and values with no letters', () => {
    const allowed = SAME_AS_ENGLISH[lang as keyof typeof translations];
    const untranslated = Object.entries(messages).filter(([key, value]) => {
      const source = english[key];
      if (source === undefined || allowed.includes(key as MessageKey)) return false;
      return forms(value).some((form) => hasLetters(form) && forms(source).includes(form));
    });
    expect(untranslated.map(([key]) => key)).toEqual([]);
  });

  it('allows English only where the glossary keeps the term as it is', () => {
    for (const key of SAME_AS_ENGLISH[lang as keyof typeof translations]) {
      expect(messages[key]).toBe(english[key]);
      expect(glossary).toContain(`${String(messages[key])} (**same as English**)`);
    }
  });

  it('uses the punctuation of the language', () => {
    const texts = Object.values(messages).flatMap(forms);
    // Straight double quotes are English typing: ru writes «…», zh “…”.
    expect(texts.filter((text) => text.includes('"'))).toEqual([]);
    if (lang === 'zh-CN') {
      // A Chinese sentence ends with a full-width stop, not a Latin one.
      expect(texts.filter((text) => /\p{Script=Han}[.,:?!;]/u.test(text))).toEqual([]);
    }
  });
});

describe('t() in Russian', () => {
  afterEach(() => switchLocale('en'));

  it('picks the one, few and many forms by count', async () => {
    expect(await switchLocale('ru')).toBe(true);
    expect([1, 2, 5, 11, 21, 22, 25].map((count) => t('list.toAnswer', { count }))).toEqual([
      '1 вопрос',
      '2 вопроса',
      '5 вопросов',
      '11 вопросов',
      '21 вопрос',
      '22 вопроса',
      '25 вопросов',
    ]);
    expect([1, 3, 7].map((count) => t('durable.needsYou', { count }))).toEqual(['1 ждёт вас', '3 ждут вас', '7 ждут вас']);
  });

  it('writes numbers the Russian way inside the form', async () => {
    await switchLocale('ru');
    // ru groups thousands with a no-break space.
    expect(t('list.toAnswer', { count: 12345 })).toBe('12\u00a0345 вопросов');
  });
});
