import { describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json';
import { LOCALES, t } from './i18n';

describe('t', () => {
  it('fills placeholders as text', () => {
    expect(t('durable.open', { count: 3 })).toBe('3 open');
    expect(t('chat.decidedInAgent', { title: '<b>x</b>' })).toBe('Decided in the durable agent: <b>x</b>');
  });

  it('keeps the exact sentences of the design', () => {
    expect(t('chat.trimmed')).toBe('Older messages were left out: the durable agent no longer keeps them.');
    expect(t('ask.outcome.stale')).toBe('This question changed. Read it again before you tap an option.');
    expect(t('ask.outcome.unknown')).toBe('Not sure the answer arrived. Try again sends it once more.');
  });

  it('has no empty message', () => {
    const texts = Object.values(en).flatMap((v) => (typeof v === 'string' ? [v] : Object.values(v)));
    expect(texts.filter((v) => v.trim() === '')).toEqual([]);
  });

  it("picks the plural form by count, and writes numbers the language's way", () => {
    expect([t('durable.needsYou', { count: 1 }), t('durable.needsYou', { count: 2 })]).toEqual(['1 needs you', '2 need you']);
    expect(t('durable.open', { count: 12345 })).toBe('12,345 open');
  });

  it('writes a small whole number without making a number formatter, as the formatter would', async () => {
    vi.resetModules(); // a fresh formatter cache: nothing made by the tests before
    const fresh = await import('./i18n');
    const made = vi.spyOn(Intl, 'NumberFormat');
    try {
      expect([0, 7, 999].map((count) => fresh.t('durable.open', { count }))).toEqual(['0 open', '7 open', '999 open']);
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
    for (const locale of LOCALES) for (const n of [0, 7, 42, 999]) expect(new Intl.NumberFormat(locale).format(n)).toBe(String(n));
  });
});
