import { useId } from 'preact/hooks';
import { checkAnswer } from '../../../wire/answer';
import { t } from '../../i18n';
import { useDraft } from '../drafts';
import type { BodyProps } from './body-props';

/** One line of text and a Send button; Enter sends too. Blank text is never sent. */
export function TextCard({ ask, disabled, onAnswer, draftKey }: BodyProps<'text'>) {
  const draft = useDraft(draftKey, '', (raw) => (typeof raw === 'string' ? raw : null));
  const text = draft.value;
  const inputId = useId();
  const answer = text.value.trim() === '' ? null : checkAnswer(ask, { text: text.value });

  const send = () => {
    if (!disabled && answer) {
      onAnswer(answer, { secondTap: false });
      draft.clear();
    }
  };
  const submit = (event: Event) => {
    event.preventDefault();
    send();
  };
  const keyDown = (event: KeyboardEvent) => {
    // Enter while an input method is composing picks a word; it is not a send.
    if (event.key !== 'Enter' || event.isComposing) return;
    // Handled here so the browser's own implicit submit does not send a second time.
    event.preventDefault();
    send();
  };

  return (
    <form class="ask-body ask-text" onSubmit={submit} noValidate>
      <label for={inputId} class="ask-label">
        {t('ask.text.label')}
      </label>
      <input
        id={inputId}
        type="text"
        class="ask-input"
        value={text.value}
        placeholder={ask.placeholder}
        enterKeyHint="send"
        autoComplete="off"
        disabled={disabled}
        onInput={(e) => draft.change(e.currentTarget.value)}
        onKeyDown={keyDown}
      />
      <button type="submit" class="ask-option ask-submit" disabled={disabled || answer === null}>
        {t('ask.submit')}
      </button>
    </form>
  );
}
