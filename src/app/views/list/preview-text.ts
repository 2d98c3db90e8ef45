import type { RowPreview } from '../../../wire/bridge-json';
import { t } from '../../i18n';

/** A row's preview in the phone's words: the bridge sends the kind and the text, the wording is ours. */
export function previewText(preview: RowPreview): string {
  switch (preview.kind) {
    case 'user':
      return t('preview.you', { text: preview.text });
    case 'thinking':
      return t('preview.thinking', { text: preview.text });
    case 'tool':
      return t('preview.tool', { name: preview.text });
    case 'link':
      return t('preview.link', { text: preview.text });
    case 'code':
      return t('preview.code', { text: preview.text });
    case 'markdown':
      // A table, a code block or a diff is named, not shown as its raw marks.
      return [preview.text, ...(preview.blocks ?? []).map((block) => t(`preview.block.${block}`))].filter(Boolean).join(' · ');
    case 'reply':
    case 'notice':
      return preview.text;
  }
}
