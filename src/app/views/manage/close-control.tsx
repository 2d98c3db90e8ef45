import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../../i18n';

/** A first tap that is not followed by a second within this time no longer counts. */
export const CLOSE_ARM_MS = 5000;

/** `Close` needs two taps: the first arms it and says so, only the second closes. */
export function CloseControl({ busy, onClose }: { busy: boolean; onClose(): void }) {
  const armed = useSignal(false);
  const isArmed = armed.value;
  useEffect(() => {
    if (!isArmed) return;
    const timer = setTimeout(() => (armed.value = false), CLOSE_ARM_MS);
    return () => clearTimeout(timer);
  }, [isArmed, armed]);
  return (
    <>
      <button
        type="button"
        class={`act-button danger${isArmed ? ' armed' : ''}`}
        aria-pressed={isArmed}
        disabled={busy}
        onClick={() => {
          if (!armed.peek()) {
            armed.value = true;
            return;
          }
          armed.value = false;
          onClose();
        }}
      >
        {t('manage.close')}
      </button>
      <p class="act-armed" role="status">
        {isArmed ? t('manage.closeArmed') : null}
      </p>
    </>
  );
}
