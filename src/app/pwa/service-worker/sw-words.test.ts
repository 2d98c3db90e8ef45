import { afterEach, describe, expect, it } from 'vitest';
import { isLocaleChosen } from './sw-messages';
import { loadWorkerLocale, swText } from './sw-words';

afterEach(() => loadWorkerLocale(['en']));

describe("the worker's words", () => {
  it("speak the phone's language when no choice is kept (here: no storage at all)", async () => {
    expect(await loadWorkerLocale(['ru-RU'])).toBe('ru');
    expect(swText('push.summary', { agent: 'desk', count: 12 })).toBe('desk: ждут ответа ещё вопросов: 12');
    expect(await loadWorkerLocale(['zh-Hans-CN'])).toBe('zh-CN');
    expect(swText('push.askUntitled')).toBe('有一个问题在等你。');
    expect(await loadWorkerLocale(['fr'])).toBe('en');
    expect(swText('push.askUntitled')).toBe('A question is waiting for you.');
  });

  it("take the page's word of a chosen language only in its one shape", () => {
    expect([isLocaleChosen({ type: 'collie-locale', locale: 'ru' }), isLocaleChosen({ type: 'collie-locale', locale: null })]).toEqual([true, true]);
    expect([isLocaleChosen({ type: 'collie-locale', locale: 'de' }), isLocaleChosen({ type: 'other' }), isLocaleChosen(null)]).toEqual([false, false, false]);
  });
});
