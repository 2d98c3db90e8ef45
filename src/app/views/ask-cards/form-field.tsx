import { useId } from 'preact/hooks';
import type { FormField } from '../../../wire/types';
import { t } from '../../i18n';
import type { FieldValue } from './form-values';

interface Props {
  field: FormField;
  value: FieldValue | undefined;
  disabled: boolean;
  /** Shown as invalid: the person tried to send while this required field was empty. */
  invalid: boolean;
  onChange(value: FieldValue): void;
}

function Required({ field }: { field: FormField }) {
  return field.required ? <span class="ask-required"> {t('ask.form.required')}</span> : null;
}

/** One field of a form ask: a text input, a toggle, or radio buttons / check boxes. */
export function FormFieldControl({ field, value, disabled, invalid, onChange }: Props) {
  const id = useId();
  if (field.type === 'text') {
    return (
      <div class="ask-field">
        <label for={id} class="ask-label">
          {field.label}
          <Required field={field} />
        </label>
        <input
          id={id}
          type="text"
          class="ask-input"
          value={typeof value === 'string' ? value : ''}
          autoComplete="off"
          disabled={disabled}
          aria-required={field.required}
          aria-invalid={invalid}
          onInput={(e) => onChange(e.currentTarget.value)}
        />
      </div>
    );
  }
  if (field.type === 'toggle') {
    return (
      <label class="ask-field ask-check">
        <input type="checkbox" checked={value === true} disabled={disabled} onChange={(e) => onChange(e.currentTarget.checked)} />
        <span>
          {field.label}
          <Required field={field} />
        </span>
      </label>
    );
  }
  const picked = Array.isArray(value) ? value : [];
  const pick = (optionId: string, on: boolean) => {
    if (!field.multiple) onChange([optionId]);
    else onChange(on ? [...picked.filter((p) => p !== optionId), optionId] : picked.filter((p) => p !== optionId));
  };
  return (
    // A radio group may say it is required; a group of checkboxes says so in its legend only (ARIA allows no more).
    <fieldset class="ask-field ask-fieldset" role={field.multiple ? undefined : 'radiogroup'} aria-required={field.multiple ? undefined : field.required} aria-invalid={invalid}>
      <legend class="ask-label">
        {field.label}
        <Required field={field} />
      </legend>
      {(field.options ?? []).map((option) => (
        <label key={option.id} class="ask-check">
          <input
            type={field.multiple ? 'checkbox' : 'radio'}
            name={id}
            value={option.id}
            checked={picked.includes(option.id)}
            disabled={disabled}
            onChange={(e) => pick(option.id, e.currentTarget.checked)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
