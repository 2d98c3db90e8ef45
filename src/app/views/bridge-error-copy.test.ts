import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import ru from '../../../locales/ru.json';
import zhCN from '../../../locales/zh-CN.json';
import { PHONE_ERROR_CODES } from '../../wire/phone-errors';
import { LOCALES, switchLocale, t, type Locale } from '../i18n';
import { bridgeErrorText, ERROR_COPY } from './bridge-error-copy';

afterEach(() => switchLocale('en'));

const CATALOGS: Record<Locale, Record<string, unknown>> = { en, 'zh-CN': zhCN, ru };
const worded = PHONE_ERROR_CODES.filter((code) => ERROR_COPY[code] !== null);

describe("the bridge's error codes in the phone's words", () => {
  it('has a row for exactly the codes the bridge sends', () => {
    expect(Object.keys(ERROR_COPY).sort()).toEqual([...PHONE_ERROR_CODES].sort());
    expect(worded.length).toBeGreaterThan(10);
  });

  it.each(LOCALES)('%s has its own words for every worded code, and names every other code as it is', async (lang) => {
    expect(await switchLocale(lang)).toBe(true);
    for (const code of PHONE_ERROR_CODES) {
      const key = ERROR_COPY[code];
      if (key === null) {
        expect(bridgeErrorText(code)).toBe(t('error.other', { code }));
        continue;
      }
      // Its own words: the key is in this language's file (not English's, read as a fallback).
      expect({ code, words: typeof CATALOGS[lang][key] === 'string' && CATALOGS[lang][key] !== '' }).toEqual({ code, words: true });
      expect(bridgeErrorText(code)).toBe(t(key));
      expect(bridgeErrorText(code)).not.toBe(t('error.other', { code }));
    }
  });

  it('names a code this build does not know as it is', () => {
    expect(bridgeErrorText('brand-new')).toBe('a reason this app does not know (code: brand-new)');
  });
});
