/** The languages the app speaks, and which one a phone's languages pick (no signals: the service worker uses it too). */
export const LOCALES = ['en', 'zh-CN', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * The first of the phone's languages the app speaks: any Simplified Chinese tag (zh, zh-Hans,
 * zh-CN, zh-SG…) is zh-CN, any Russian one ru; Traditional Chinese and the rest fall to the next.
 */
export function pickLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const [language = '', ...rest] = tag.toLowerCase().split('-');
    if (language === 'ru') return 'ru';
    if (language === 'en') return 'en';
    if (language === 'zh') {
      const traditional = rest.includes('hant') || rest.includes('tw') || rest.includes('hk') || rest.includes('mo');
      if (!traditional) return 'zh-CN';
    }
  }
  return 'en';
}
