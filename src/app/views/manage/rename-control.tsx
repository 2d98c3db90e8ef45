import { useSignal, type Signal } from '@preact/signals';
import { useEffect, useId, useRef } from 'preact/hooks';
import { t } from '../../i18n';
import { nameProblem } from './name-problem';

interface Props {
  title: string;
  /** Open while the person edits; the owner closes it when a rename is done. */
  editing: Signal<boolean>;
  busy: boolean;
  onSave(title: string): void;
}

/** `Rename` opens an inline text box with `Save`; the name is checked before it is sent. */
export function RenameControl({ title, editing, busy, onSave }: Props) {
  const draft = useSignal('');
  const problem = useSignal<string | null>(null);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const open = editing.value;
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  if (!open) {
    return (
      <button
        type="button"
        class="act-button"
        onClick={() => {
          draft.value = title;
          problem.value = null;
          editing.value = true;
        }}
      >
        {t('manage.rename')}
      </button>
    );
  }
  const save = () => {
    problem.value = nameProblem(draft.peek());
    if (problem.peek() === null) onSave(draft.peek().trim());
  };
  return (
    <form
      class="rename-form"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <label class="composer-label" for={inputId}>
        {t('manage.newName')}
      </label>
      <input
        ref={input}
        id={inputId}
        class="text-input"
        type="text"
        value={draft.value}
        onInput={(event) => {
          draft.value = event.currentTarget.value;
          problem.value = null;
        }}
      />
      <div class="composer-buttons">
        <button type="submit" class="act-button primary" disabled={busy}>
          {t('manage.save')}
        </button>
        <button type="button" class="act-button" onClick={() => (editing.value = false)}>
          {t('manage.cancel')}
        </button>
      </div>
      <p class="act-problem" role="alert">
        {problem.value}
      </p>
    </form>
  );
}
