import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../i18n';
import type { PairingStore } from '../stores/pairing-store';
import type { InstallStore } from '../pwa/install-store';
import { InstallSection } from './pwa/install-section';
import type { LocaleChoice } from '../locale-choice';
import { LanguageSection } from './settings/language-section';
import { NotifySection } from './pwa/notify-section';
import type { LazyPushStore } from '../pwa/push/lazy-push-store';

/** "This phone": its name (editable), what it may do, and Forget this phone (a second tap confirms). */
export function SettingsView({ pairing, install, locale, push }: { pairing: PairingStore; install: InstallStore; locale: LocaleChoice; push: LazyPushStore }) {
  const state = pairing.state.value;
  const device = state.phase === 'paired' ? state.device : null;
  const name = useSignal<string | null>(null);
  const saved = useSignal<'idle' | 'saved' | 'failed'>('idle');
  const arming = useSignal(false);
  const shownName = name.value ?? device?.name ?? '';
  // Loaded after the first screen already; here too, for a settings screen that comes first.
  useEffect(() => void push.load().catch(() => undefined), [push]);
  const notify = push.store.value;
  const save = async (event: Event) => {
    event.preventDefault();
    saved.value = (await pairing.rename(shownName)) ? 'saved' : 'failed';
    if (saved.value === 'saved') name.value = null;
  };
  return (
    <main class="screen settings">
      {!device && <p class="muted">{t('settings.unknown')}</p>}
      {device && (
        <>
          <form class="settings-name" onSubmit={(e) => void save(e)}>
            <label for="device-name">{t('settings.name')}</label>
            <input id="device-name" value={shownName} maxLength={128} onInput={(e) => ((name.value = e.currentTarget.value), (saved.value = 'idle'))} />
            <button type="submit" class="act-button" disabled={shownName.trim() === ''}>
              {t('settings.save')}
            </button>
          </form>
          <p role="status" class="muted">
            {saved.value === 'saved' ? t('settings.saved') : saved.value === 'failed' ? t('settings.notSaved') : ''}
          </p>
          <p>
            {t('settings.role')} <strong>{t(device.role === 'watch' ? 'role.watch' : 'role.control')}</strong>
          </p>
        </>
      )}
      <button type="button" class={`act-button danger${arming.value ? ' armed' : ''}`} onClick={() => (arming.value ? void pairing.forget() : (arming.value = true))}>
        {t(arming.value ? 'settings.forgetConfirm' : 'settings.forget')}
      </button>
      <p class="muted">{t('settings.forgetWhat')}</p>
      <LanguageSection choice={locale} />
      {notify && <NotifySection push={notify} watching={device?.role === 'watch'} />}
      <InstallSection install={install} />
    </main>
  );
}
