import { useSignal } from '@preact/signals';
import { useId } from 'preact/hooks';
import { checkAnswer } from '../../../wire/answer';
import { t } from '../../i18n';
import type { AskOfKind, BodyProps } from './body-props';

/** "Choose 2." or "Choose 1 to 3.", so a disabled Send button is never a riddle. */
export function choiceHint(ask: AskOfKind<'choice'>): string {
  const min = ask.min ?? 1;
  const max = ask.max ?? ask.options.length;
  return min === max ? t('ask.choice.exactly', { count: min }) : t('ask.choice.between', { min, max });
}

/** One tap per option; with `multiple`, check boxes and a Send button. */
export function ChoiceCard(props: BodyProps<'choice'>) {
  return props.ask.multiple ? <MultipleChoice {...props} /> : <SingleChoice {...props} />;
}

function SingleChoice({ ask, disabled, onAnswer }: BodyProps<'choice'>) {
  return (
    <div class="ask-body ask-options">
      {ask.options.map((option) => (
        <button key={option.id} type="button" class="ask-option" disabled={disabled} onClick={() => !disabled && onAnswer({ optionIds: [option.id] }, { secondTap: false })}>
          {option.label}
        </button>
      ))}
    </div>
  );
}

function MultipleChoice({ ask, disabled, onAnswer }: BodyProps<'choice'>) {
  const picked = useSignal<ReadonlySet<string>>(new Set());
  const hintId = useId();
  // In the ask's own order, and only ids the current version still has (it may have changed).
  const optionIds = ask.options.filter((o) => picked.value.has(o.id)).map((o) => o.id);
  const answer = checkAnswer(ask, { optionIds });

  const toggle = (id: string, on: boolean) => {
    const next = new Set(picked.value);
    if (on) next.add(id);
    else next.delete(id);
    picked.value = next;
  };
  const submit = (event: Event) => {
    event.preventDefault();
    if (!disabled && answer) onAnswer(answer, { secondTap: false });
  };

  return (
    <form class="ask-body" onSubmit={submit} noValidate>
      <fieldset class="ask-fieldset" aria-label={ask.title} aria-describedby={hintId}>
        {ask.options.map((option) => (
          <label key={option.id} class="ask-check">
            <input type="checkbox" checked={picked.value.has(option.id)} disabled={disabled} onChange={(e) => toggle(option.id, e.currentTarget.checked)} />
            <span>{option.label}</span>
          </label>
        ))}
      </fieldset>
      <p id={hintId} class="ask-hint">
        {choiceHint(ask)}
      </p>
      <button type="submit" class="ask-option ask-submit" disabled={disabled || answer === null}>
        {t('ask.submit')}
      </button>
    </form>
  );
}
