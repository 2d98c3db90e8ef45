import { t } from '../../i18n';
import type { InstallStore } from '../../pwa/install-store';

/** This phone's settings: whether Collie is on the Home Screen, and how to put it there. */
export function InstallSection({ install }: { install: InstallStore }) {
  return (
    <section class="install-section" aria-labelledby="install-heading">
      <h3 id="install-heading">{t('install.title')}</h3>
      <InstallState install={install} />
    </section>
  );
}

function InstallState({ install }: { install: InstallStore }) {
  if (install.insecure) return <p>{t('install.insecure')}</p>;
  if (install.standalone.value) return <p class="muted">{t('install.installed')}</p>;
  if (install.iosByHand) return <p>{t('install.ios')}</p>;
  return (
    <>
      <p class="muted">{t('install.offer')}</p>
      {install.canInstall.value && (
        <button type="button" class="act-button" onClick={() => void install.install()}>
          {t('install.button')}
        </button>
      )}
    </>
  );
}
