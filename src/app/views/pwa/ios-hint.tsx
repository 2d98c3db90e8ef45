import { t } from '../../i18n';
import type { InstallStore } from '../../pwa/install-store';

/** The dashboard's one-time word on iOS, where no browser offers to install (and notifications need it). */
export function IosHomeScreenHint({ install }: { install: InstallStore }) {
  if (!install.iosHintDue.value) return null;
  return (
    <aside class="banner ios-hint" aria-label={t('install.title')}>
      <span>{t('install.ios')}</span>
      <button type="button" class="act-button" onClick={() => install.dismissIosHint()}>
        {t('install.iosDismiss')}
      </button>
    </aside>
  );
}
