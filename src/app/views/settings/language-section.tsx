import { LOCALE_NAMES, LOCALES, t, type Locale } from '../../i18n';
import type { LocaleChoice } from '../../locale-choice';

/** The app's language: the phone's own, or one the person picks (remembered on this phone). */
export function LanguageSection({ choice }: { choice: LocaleChoice }) {
  const chosen = choice.chosen.value;
  return (
    <section class="language-section" aria-labelledby="language-heading">
      <h3 id="language-heading">{t('settings.language')}</h3>
      <select aria-labelledby="language-heading" value={chosen ?? ''} onChange={(e) => void choice.choose((e.currentTarget.value || null) as Locale | null)}>
        <option value="">{t('settings.languageAuto')}</option>
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </section>
  );
}
