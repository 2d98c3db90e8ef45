/**
 * `Intl` formatters cost far more to build than to use: the app keeps one per locale and options,
 * made on first use. Every formatter the app uses comes from here.
 */
type Formatter = Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat | Intl.PluralRules | Intl.ListFormat;
const kept = new Map<string, Formatter>();
/** The key words of an options object, by the object: the app passes the same constant objects again and again. */
const optionWords = new WeakMap<object, string>();

function cached<T extends Formatter>(kind: string, locale: string, options: object, make: () => T): T {
  let words = optionWords.get(options);
  if (words === undefined) optionWords.set(options, (words = JSON.stringify(options)));
  const key = `${kind}|${locale}|${words}`;
  let found = kept.get(key) as T | undefined;
  if (!found) kept.set(key, (found = make()));
  return found;
}

const NONE = {};

export const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) => cached('d', locale, options, () => new Intl.DateTimeFormat(locale, options));
export const relativeFormat = (locale: string, options: Intl.RelativeTimeFormatOptions) => cached('r', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
export const numberFormat = (locale: string) => cached('n', locale, NONE, () => new Intl.NumberFormat(locale));
export const pluralRules = (locale: string) => cached('p', locale, NONE, () => new Intl.PluralRules(locale));
export const listFormat = (locale: string, options: Intl.ListFormatOptions) => cached('l', locale, options, () => new Intl.ListFormat(locale, options));
