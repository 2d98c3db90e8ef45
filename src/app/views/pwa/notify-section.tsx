import { t, type MessageKey } from '../../i18n';
import { TAPPABLE, type NotifyState } from '../../push/notify-state';
import type { PushStore } from '../../push/push-store';

const STATE_WORDS: Record<NotifyState, MessageKey> = {
  on: 'notify.on',
  off: 'notify.off',
  stopped: 'notify.stopped',
  blocked: 'notify.blocked',
  insecure: 'notify.insecure',
  'ios-home-screen': 'notify.ios',
  unsupported: 'notify.unsupported',
};

/**
 * "Notify me about questions": a switch that asks the browser's permission only when tapped, the
 * state it is in (and why it cannot be on here), and a test notification once it is on.
 */
export function NotifySection({ push }: { push: PushStore }) {
  const state = push.state.value;
  const busy = push.busy.value;
  const problem = push.problem.value;
  const tested = push.tested.value;
  const canTap = TAPPABLE.includes(state);
  return (
    <section class="notify-section" aria-labelledby="notify-heading">
      <h3 id="notify-heading">{t('notify.title')}</h3>
      <label class="switch-row">
        <input type="checkbox" role="switch" checked={state === 'on'} disabled={!canTap || busy} aria-describedby="notify-state" onChange={() => void push.toggle()} />
        <span>{t('notify.switch')}</span>
      </label>
      <p id="notify-state" class="muted" role="status">
        {busy ? t('notify.working') : problem ? t('notify.failed', { why: problem }) : t(STATE_WORDS[state])}
      </p>
      {state === 'on' && (
        <>
          <button type="button" class="act-button" onClick={() => void push.sendTest()}>
            {t('notify.test')}
          </button>
          <p class="muted" role="status">
            {tested === null ? '' : 'sent' in tested ? t('notify.testSent') : 'notTaken' in tested ? t('notify.testNotTaken') : t('notify.testFailed', { why: tested.failed })}
          </p>
        </>
      )}
    </section>
  );
}
