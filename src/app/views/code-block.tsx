import { useSignal } from '@preact/signals';
import { t } from '../i18n';
import { CodeView } from '../markdown/code-view';

/** A code item: monospace, its language named, and a copy button; highlighted, or drawn as a diff (CodeView). */
export function CodeBlock({ text, language }: { text: string; language?: string }) {
  const copied = useSignal(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      copied.value = true;
      setTimeout(() => (copied.value = false), 1500);
    } catch (err) {
      // The clipboard needs a secure context; on plain http the person can still select the text.
      console.warn('copy failed', err);
    }
  };
  return (
    <>
      <div class="code-head">
        {language && <span class="code-language">{language}</span>}
        <button type="button" class="copy" onClick={copy}>
          {copied.value ? t('item.code.copied') : t('item.code.copy')}
        </button>
      </div>
      <CodeView text={text} language={language} label={language ? t('item.code.labelled', { language }) : t('item.code.label')} />
    </>
  );
}
