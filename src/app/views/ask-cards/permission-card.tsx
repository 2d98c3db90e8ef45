import { useSignal } from '@preact/signals';
import type { PermissionOption } from '../../../wire/types';
import { t } from '../../i18n';
import type { BodyProps } from './body-props';
import { offeredOptions } from './permission-text';
import { ToolInput } from './tool-input';

interface Props extends BodyProps<'permission'> {
  overToken: boolean;
}

/**
 * A tool asks to run. The headline (drawn by the frame) and the input shown here come from the
 * tool call, never from the model's title or reason. allow-always needs a second tap.
 */
export function PermissionCard({ ask, disabled, onAnswer, overToken }: Props) {
  // Armed for one version of the ask only: if the ask changes, the first tap no longer counts.
  const armed = useSignal<{ optionId: string; hash: string } | null>(null);
  const armedId = armed.value?.hash === ask.hash ? armed.value.optionId : null;

  const tap = (option: PermissionOption) => {
    if (disabled) return;
    if (option.effect === 'allow-always' && armedId !== option.id) {
      armed.value = { optionId: option.id, hash: ask.hash };
      return;
    }
    const secondTap = option.effect === 'allow-always';
    armed.value = null;
    onAnswer({ optionIds: [option.id] }, { secondTap });
  };

  // Any tap on the card that is not the armed option disarms it, so a stray tap cannot linger.
  const disarmElsewhere = (event: MouseEvent) => {
    if (!(event.target instanceof Element) || !event.target.closest('button')) armed.value = null;
  };

  return (
    <div class="ask-body" onClick={disarmElsewhere}>
      {ask.tool && <ToolInput input={ask.tool.input} />}
      <div class="ask-options">
        {offeredOptions(ask, overToken).map((option) => (
          <button
            key={option.id}
            type="button"
            class={`ask-option effect-${option.effect}${armedId === option.id ? ' armed' : ''}`}
            disabled={disabled}
            aria-pressed={option.effect === 'allow-always' ? armedId === option.id : undefined}
            onClick={() => tap(option)}
          >
            {option.label}
          </button>
        ))}
      </div>
      <p class="ask-armed" role="status">
        {armedId !== null ? t('ask.permission.armed') : null}
      </p>
    </div>
  );
}
