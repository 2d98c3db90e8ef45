import { t } from '../../i18n';
import type { PushStore } from '../../pwa/push/push-store';
import '../switch.css';

/**
 * Settings → Answer from notifications, under the notifications switch while it is on: one switch
 * for choice questions (on until turned off) and one for a tool's permission (off until turned
 * on, and only with the first), each said in one sentence.
 */
export function AnswerSection({ push, watching }: { push: PushStore; watching: boolean }) {
  // A watching phone answers nothing (its role is said above); a browser that shows no buttons on a
  // notification (iOS) has nothing to turn on: its notifications open the card, as before.
  if (watching || !push.showsButtons) return null;
  const settings = push.answering.value;
  if (!settings) return null;
  return (
    <div class="answer-section">
      <button
        type="button"
        role="switch"
        class="switch-row"
        aria-checked={settings.choice ? 'true' : 'false'}
        aria-describedby="answer-choice-about"
        onClick={() => void push.setAnswering({ choice: !settings.choice, permission: false })}
      >
        <span class="switch-label">{t('notify.answer.switch')}</span>
        <span class="switch-track" aria-hidden="true">
          <span class="switch-thumb" />
        </span>
      </button>
      <p id="answer-choice-about" class="muted">
        {t('notify.answer.about')}
      </p>
      <button
        type="button"
        role="switch"
        class="switch-row"
        aria-checked={settings.permission ? 'true' : 'false'}
        disabled={!settings.choice}
        aria-describedby="answer-permission-about"
        onClick={() => void push.setAnswering({ ...settings, permission: !settings.permission })}
      >
        <span class="switch-label">{t('notify.answer.permissionSwitch')}</span>
        <span class="switch-track" aria-hidden="true">
          <span class="switch-thumb" />
        </span>
      </button>
      <p id="answer-permission-about" class="muted">
        {t('notify.answer.permissionAbout')}
      </p>
    </div>
  );
}
