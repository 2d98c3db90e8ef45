import { describe, expect, it } from 'vitest';
import { contextLine, entryWords, findTerms, queryTerms, SEARCH_QUERY } from './search-text';
import { markdownWords } from './markdown-words';

describe('search text', () => {
  it('reads markdown as the words it shows: no heading marks, emphasis, table rules, fences or link targets', () => {
    const words = markdownWords('# Deploy\n**The migration** failed in `db`.\n\n| file | n |\n|-|-:|\n| a.ts | 2 |\n\n```diff\n-old\n+new\n```\n[the log](https://x.example/log)');
    expect(words.replace(/\s+/g, ' ').trim()).toBe('Deploy The migration failed in db. file n a.ts 2 -old +new the log');
  });

  it('finds an entry by a tool’s command and output, a link’s title, an answered line’s question and answer', () => {
    const at = '2026-12-05T08:00:00Z';
    expect(entryWords({ type: 'item', item: { id: 't', at, kind: 'tool', toolCallId: 'c', name: 'bash', summary: 'npm test', output: 'ok\n2 passed', status: 'done' } })).toBe(
      'bash npm test ok 2 passed',
    );
    expect(entryWords({ type: 'item', item: { id: 'l', at, kind: 'link', url: 'https://x.example', title: 'Build log' } })).toBe('Build log https://x.example');
    expect(entryWords({ type: 'decision', id: 'd', decidedBy: 'phone', title: 'Ship v2?', answered: { labels: ['Yes'] } })).toBe('Ship v2? Yes');
  });

  it('takes a query as distinct lower-cased terms, bounded', () => {
    expect(queryTerms('  Migration  FAILED migration ')).toEqual(['migration', 'failed']);
    expect(queryTerms('   ')).toEqual([]);
    expect(queryTerms(Array.from({ length: 20 }, (_, i) => `t${i}`).join(' '))).toHaveLength(SEARCH_QUERY.terms);
  });

  it('matches only when every term occurs, case-insensitively, and marks every occurrence once', () => {
    expect(findTerms('The migration failed; migration again', ['migration', 'failed'])).toEqual([
      [4, 13],
      [14, 20],
      [22, 31],
    ]);
    expect(findTerms('The migration ran', ['migration', 'failed'])).toBeNull();
    expect(findTerms('Миграция НЕ прошла', ['миграция'])).toEqual([[0, 8]]);
    expect(findTerms('数据库迁移失败', ['迁移'])).toEqual([[3, 5]]);
    expect(findTerms('anything', [])).toBeNull();
  });

  it('shows a line of context around the first match, from a word, with the marks moved into it', () => {
    const text = `${'word '.repeat(40)}the migration failed ${'tail '.repeat(60)}`;
    const marks = findTerms(text, ['migration'])!;
    const line = contextLine(text, marks);
    expect(line.text.startsWith('… ')).toBe(true);
    expect(line.text.endsWith(' …')).toBe(true);
    const [[a, b]] = line.marks as [[number, number]];
    expect(line.text.slice(a, b)).toBe('migration');
    expect(contextLine('short migration', findTerms('short migration', ['migration'])!)).toEqual({ text: 'short migration', marks: [[6, 15]] });
  });
});
