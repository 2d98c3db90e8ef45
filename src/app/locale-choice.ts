import { signal, type ReadonlySignal } from '@preact/signals';
import { LOCALES, pickLocale, switchLocale, type Locale } from './i18n';
import type { Storage } from './storage';
import type { LocaleChosen } from './pwa/service-worker/sw-messages';

const KEY = 'collie.locale.v1';

/** Tells the app's service worker, once it runs (none on plain HTTP, or in tests). */
function tellWorker(chosen: Locale | null): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: 'collie-locale', locale: chosen } satisfies LocaleChosen));
}

export interface LocaleChoice {
  /** The language the person chose in settings, or null to follow the phone's languages. */
  chosen: ReadonlySignal<Locale | null>;
  /** Applies the choice (or the phone's languages); resolves once the words are in. */
  start(): Promise<void>;
  choose(next: Locale | null): Promise<void>;
}

/** Which language the app speaks: the person's choice, remembered on the phone, else the phone's own. */
export function createLocaleChoice(
  storage: Storage,
  languages: () => readonly string[] = () => navigator.languages,
  tell: (chosen: Locale | null) => void = tellWorker,
): LocaleChoice {
  const chosen = signal<Locale | null>(storage.read(KEY, (raw) => (LOCALES.includes(raw as Locale) ? (raw as Locale) : null)));
  const apply = () => {
    tell(chosen.peek()); // the service worker's notifications speak it too
    return switchLocale(chosen.peek() ?? pickLocale(languages())).then(() => undefined);
  };
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
