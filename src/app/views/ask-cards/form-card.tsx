import { useSignal } from '@preact/signals';
import { checkAnswer } from '../../../wire/answer';
import { listWords, t } from '../../i18n';
import { isRecord } from '../../../wire/read';
import { useDraft } from '../drafts';
import type { BodyProps } from './body-props';
import { FormFieldControl } from './form-field';
import { formValues, type Drafts, type FieldValue } from './form-values';

/** Up to six fields and a Send button. Required fields are checked before anything is sent. */
export function FormCard({ ask, disabled, onAnswer, draftKey }: BodyProps<'form'>) {
  const draft = useDraft<Drafts>(draftKey, {}, (raw) => (isRecord(raw) ? (raw as Drafts) : null));
  const drafts = draft.value;
  // Missing fields are named only after a try to send, not while the person is still filling in.
  const tried = useSignal(false);
  const { values, missing } = formValues(ask.fields, drafts.value);
  const answer = missing.length === 0 ? checkAnswer(ask, { values }) : null;

  const change = (fieldId: string, value: FieldValue) => draft.change({ ...drafts.value, [fieldId]: value });
  const submit = (event: Event) => {
    event.preventDefault();
    if (disabled) return;
    tried.value = true;
    if (answer) {
      onAnswer(answer, { secondTap: false });
      draft.clear();
    }
  };

  let problem: string | null = null;
  if (tried.value && missing.length > 0) {
    problem = t('ask.form.missing', { fields: listWords(missing.map((f) => f.label)) });
  } else if (tried.value && answer === null) {
    problem = t('ask.form.invalid');
  }

  return (
    <form class="ask-body ask-form" onSubmit={submit} noValidate>
      {ask.fields.map((field) => (
        <FormFieldControl
          key={field.id}
          field={field}
          value={drafts.value[field.id]}
          disabled={disabled}
          invalid={tried.value && missing.includes(field)}
          onChange={(value) => change(field.id, value)}
        />
      ))}
      {problem && (
        <p class="ask-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" class="ask-option ask-submit" disabled={disabled}>
        {t('ask.submit')}
      </button>
    </form>
  );
}
