import { askKey } from '../../../wire/ask-key';
import type { PhoneAsk } from '../../../wire/bridge-json';
import { t } from '../../i18n';
import type { CardProps } from './card-props';
import { ChoiceCard } from './choice-card';
import { Countdown } from './countdown';
import { FormCard } from './form-card';
import { PermissionCard } from './permission-card';
import { useCanAct } from '../can-act';
import { permissionHeadline } from './permission-text';
import { ToolInput } from './tool-input';
import { isTrouble, statusMessage } from './status-message';
import { TextCard } from './text-card';

/** The card's name: a permission card is named by its tool, never by the model's title. */
export function cardLabel(ask: PhoneAsk): string {
  return ask.kind === 'permission' ? permissionHeadline(ask) : ask.title;
}

/**
 * One question from an agent: who asks, the time left, the question, its kind's controls, and
 * what became of the latest tap. Every string from the agent is drawn as text.
 */
export function AskCard({ ask, agentName, overToken, status, canRetry, onAnswer, onRetry, now = Date.now }: CardProps) {
  const disabled = status.phase === 'sending';
  const label = cardLabel(ask);
  const message = statusMessage(status);
  const urgent = isTrouble(status);
  const body = { disabled, onAnswer, draftKey: `ask/${askKey(agentName, ask.id)}` };
  const canAct = useCanAct();
  return (
    // tabIndex -1: Send can lead here and focus the card itself when it has no control.
    <article class="ask-card" tabIndex={-1} aria-label={label} aria-busy={disabled} data-ask-id={ask.id} data-kind={ask.kind}>
      <p class="ask-from">{t('ask.from', { agent: agentName })}</p>
      {ask.expiresAt && <Countdown expiresAt={ask.expiresAt} now={now} />}
      {ask.shortened && <p class="ask-shortened">{t('ask.shortened')}</p>}
      <h4 class="ask-title">{label}</h4>
      {ask.kind !== 'permission' && ask.reason && <p class="ask-reason">{ask.reason}</p>}
      {!canAct && ask.kind === 'permission' && ask.tool && <ToolInput input={ask.tool.input} />}
      {!canAct && <p class="ask-watch-only">{t('watch.card')}</p>}
      {ask.kind === 'unknown' ? <p class="ask-unanswerable">{t('ask.unanswerable')}</p> : canAct && <Controls ask={ask} overToken={overToken} body={body} />}
      {/* Always in the page: a live region that appears with its text is often not read out. Polite
          for how a tap went; assertive only when it went wrong (refused, offline, not sure it arrived). */}
      <p class="ask-status" role="status">
        {urgent ? '' : message}
      </p>
      <p class="ask-status" role="alert">
        {urgent ? message : ''}
      </p>
      {canAct && canRetry && ask.kind !== 'unknown' && (
        <button type="button" class="ask-option ask-retry" disabled={disabled} onClick={() => !disabled && onRetry()}>
          {t('ask.tryAgain')}
        </button>
      )}
    </article>
  );
}

type Body = Pick<CardProps, 'onAnswer'> & { disabled: boolean; draftKey: string };

/** The controls of each kind a phone can answer: one case per kind, so a kind added to the wire's union fails the type check here until it has its card. */
function Controls({ ask, overToken, body }: { ask: Exclude<PhoneAsk, { kind: 'unknown' }>; overToken: boolean; body: Body }) {
  switch (ask.kind) {
    case 'permission':
      return <PermissionCard ask={ask} overToken={overToken} {...body} />;
    case 'choice':
      return <ChoiceCard ask={ask} {...body} />;
    case 'text':
      return <TextCard ask={ask} {...body} />;
    case 'form':
      return <FormCard ask={ask} {...body} />;
    default:
      return ask satisfies never;
  }
}
