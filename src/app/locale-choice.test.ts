import { afterEach, describe, expect, it } from 'vitest';
import { memory } from './stores/testing/acts-kit';
import { createStorage } from './storage';
import { locale, pickLocale, switchLocale } from './i18n';
import { createLocaleChoice } from './locale-choice';

afterEach(() => switchLocale('en'));

describe("the app's language", () => {
  it("is the first of the phone's languages it speaks: Simplified Chinese tags are zh-CN, any Russian ru", () => {
    expect(['zh', 'zh-Hans', 'zh-CN', 'zh-Hans-CN', 'zh-SG'].map((tag) => pickLocale([tag]))).toEqual(Array(5).fill('zh-CN'));
    expect(['ru', 'ru-RU', 'ru-UA'].map((tag) => pickLocale([tag]))).toEqual(['ru', 'ru', 'ru']);
    expect(pickLocale(['zh-TW', 'ru'])).toBe('ru'); // Traditional Chinese is not Simplified
    expect(pickLocale(['de-DE', 'en-GB', 'ru'])).toBe('en');
    expect(pickLocale(['fr'])).toBe('en');
    expect(pickLocale([])).toBe('en');
  });

  it('follows the phone until the person chooses, then keeps the choice across starts', async () => {
    const kept = memory();
    const storage = createStorage(() => kept);
    const first = createLocaleChoice(storage, () => ['ru-RU']);
    await first.start();
    expect([first.chosen.value, locale()]).toEqual([null, 'ru']);
    await first.choose('zh-CN');
    expect(locale()).toBe('zh-CN');
    const again = createLocaleChoice(storage, () => ['ru-RU']);
    await again.start();
    expect([again.chosen.value, locale()]).toEqual(['zh-CN', 'zh-CN']);
    await again.choose(null);
    expect(locale()).toBe('ru');
  });
});
