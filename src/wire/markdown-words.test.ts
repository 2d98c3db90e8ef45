import { describe, expect, it } from 'vitest';
import { markdownGist } from './markdown-words';

describe('a reply’s gist for a list', () => {
  it('keeps the prose as words and names its blocks in order, each once', () => {
    const text = 'You said: **x**\n\n| file | n |\n|-|-:|\n| a.ts | 2 |\n\n```diff\n-old\n+new\n```\n\nThen `npm test`:\n\n```sh\nnpm test\n```\n\n```diff\n-a\n+b\n```';
    expect(markdownGist(text)).toEqual({ words: 'You said: x Then npm test:', blocks: ['table', 'diff', 'code'] });
  });

  it('reads a table inside a code block as code, and an unclosed fence to the end as code', () => {
    expect(markdownGist('Look:\n```\n| a | b |\n|-|-|\n```')).toEqual({ words: 'Look:', blocks: ['code'] });
    expect(markdownGist('Start\n```ts\nconst a = 1;')).toEqual({ words: 'Start', blocks: ['code'] });
    expect(markdownGist('Just words.')).toEqual({ words: 'Just words.', blocks: [] });
  });
});
