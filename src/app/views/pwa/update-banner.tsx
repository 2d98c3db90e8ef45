import { t } from '../../i18n';
import type { UpdateStore } from '../../pwa/update-store';

/** A new version waits: it takes over only when the person taps Reload (a draft is kept across it). */
export function UpdateBanner({ update }: { update: UpdateStore }) {
  if (!update.ready.value) return null;
  return (
    <div class="banner update-banner" role="status">
      <span>{t('update.ready')}</span>
      <button type="button" class="act-button" onClick={() => update.reload()}>
        {t('update.reload')}
      </button>
    </div>
  );
}
