import { afterEach, describe, expect, it } from 'vitest';
import { switchLocale } from '../../i18n';
import { previewText } from './preview-text';

const at = '2026-12-05T08:00:00Z';

describe('a row’s preview in the phone’s words', () => {
  afterEach(() => switchLocale('en'));

  it('names a reply’s blocks after its words, in the phone’s language', async () => {
    expect(previewText({ kind: 'markdown', text: 'You said: x', blocks: ['table', 'diff'], at })).toBe('You said: x · table · diff');
    expect(previewText({ kind: 'markdown', text: '', blocks: ['code'], at })).toBe('code');
    expect(previewText({ kind: 'markdown', text: 'Done.', at })).toBe('Done.');
    await switchLocale('ru');
    expect(previewText({ kind: 'markdown', text: 'Готово', blocks: ['table'], at })).toBe('Готово · таблица');
  });
});
