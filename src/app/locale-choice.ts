import { signal, type ReadonlySignal } from '@preact/signals';
import { LOCALES, pickLocale, switchLocale, type Locale } from './i18n';
import type { Storage } from './storage';

const KEY = 'collie.locale.v1';

export interface LocaleChoice {
  /** The language the person chose in settings, or null to follow the phone's languages. */
  chosen: ReadonlySignal<Locale | null>;
  /** Applies the choice (or the phone's languages); resolves once the words are in. */
  start(): Promise<void>;
  choose(next: Locale | null): Promise<void>;
}

/** Which language the app speaks: the person's choice, remembered on the phone, else the phone's own. */
export function createLocaleChoice(storage: Storage, languages: () => readonly string[] = () => navigator.languages): LocaleChoice {
  const chosen = signal<Locale | null>(storage.read(KEY, (raw) => (LOCALES.includes(raw as Locale) ? (raw as Locale) : null)));
  const apply = () => switchLocale(chosen.peek() ?? pickLocale(languages())).then(() => undefined);
  return {
    chosen,
    start: apply,
    async choose(next) {
      chosen.value = next;
      storage.write(KEY, next);
      await apply();
    },
  };
}
