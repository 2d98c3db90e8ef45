import { t, type MessageKey } from '../../i18n';
import { TAPPABLE, type NotifyState } from '../../pwa/push/notify-state';
import type { PushStore } from '../../pwa/push/push-store';
import type { SwitchProblem } from '../../pwa/push/switch-deadline';
import { bridgeErrorText } from '../bridge-error-copy';
import { AnswerSection } from './answer-section';
import '../switch.css';

const STATE_WORDS: Record<NotifyState, MessageKey> = {
  on: 'notify.on',
  off: 'notify.off',
  stopped: 'notify.stopped',
  blocked: 'notify.blocked',
  insecure: 'notify.insecure',
  'ios-home-screen': 'notify.ios',
  unsupported: 'notify.unsupported',
};

/** Why the switch could not be turned, in one sentence naming who did not answer in time, refused or failed. */
export function problemText(problem: SwitchProblem): string {
  const { step, waitedMs, code, detail } = problem;
  const seconds = waitedMs === undefined ? 0 : Math.round(waitedMs / 1000);
  let why: string;
  if (step === 'worker') why = t('notify.why.worker');
  else if (step === 'push') why = waitedMs !== undefined ? t('notify.why.pushTimeout', { count: seconds }) : t('notify.why.push', { why: detail ?? '' });
  else if (waitedMs !== undefined) why = t('notify.why.bridgeTimeout', { count: seconds });
  else why = code !== undefined ? t('notify.why.bridgeRefused', { why: bridgeErrorText(code) }) : t('notify.why.bridgeUnreachable');
  return t(problem.turning === 'on' ? 'notify.failed' : 'notify.failedOff', { why });
}

/**
 * "Notify me about questions": a switch that asks the browser's permission only when tapped, the
 * state it is in (and why it cannot be on here, or why turning it failed), and a test
 * notification once it is on. The whole row is the switch, so its words are a target too.
 */
export function NotifySection({ push, watching }: { push: PushStore; watching: boolean }) {
  const state = push.state.value;
  const busy = push.busy.value;
  const problem = push.problem.value;
  const tested = push.tested.value;
  const canTap = TAPPABLE.includes(state);
  const on = state === 'on';
  return (
    <section class="notify-section" aria-labelledby="notify-heading">
      <h3 id="notify-heading">{t('notify.title')}</h3>
      <button
        type="button"
        role="switch"
        class="switch-row"
        aria-checked={on ? 'true' : 'false'}
        aria-busy={busy ? 'true' : undefined}
        disabled={!canTap || busy !== null}
        aria-describedby="notify-state"
        onClick={() => void push.toggle()}
      >
        <span class="switch-label">{t('notify.switch')}</span>
        <span class={`switch-track${busy ? ' busy' : ''}`} aria-hidden="true">
          <span class="switch-thumb" />
        </span>
      </button>
      <p id="notify-state" class="muted" role="status">
        {busy ? t(busy === 'on' ? 'notify.working' : 'notify.workingOff') : problem ? problemText(problem) : t(STATE_WORDS[state])}
      </p>
      {on && (
        <>
          <button type="button" class="act-button" onClick={() => void push.sendTest()}>
            {t('notify.test')}
          </button>
          <p class="muted" role="status">
            {tested === null ? '' : 'sent' in tested ? t('notify.testSent') : 'notTaken' in tested ? t('notify.testNotTaken') : t('notify.testFailed', { why: tested.failed })}
          </p>
          <AnswerSection push={push} watching={watching} />
        </>
      )}
    </section>
  );
}
