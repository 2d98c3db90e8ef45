import { describe, expect, it } from 'vitest';
import { describeJsonError } from './json-error';

const describeText = (text: string) => {
  try {
    JSON.parse(text);
  } catch (err) {
    return describeJsonError(text, err);
  }
  throw new Error('expected a parse error');
};

describe('describeJsonError', () => {
  it('names the line and column', () => {
    expect(describeText('[\n  {"name": "a",}\n]')).toBe('the JSON does not parse at line 2, column 16');
    expect(describeText('[1, 2')).toMatch(/^the JSON (ends too early|does not parse at line 1, column 6)$/);
    expect(describeText('  \n')).toBe('the file is empty');
  });

  it('never quotes the text, which may hold a token', () => {
    const secret = 'SECRET-8e2b4d6f0a1c3e5b7d9f1a3c5e7b9d0f';
    for (const text of [secret, `[${secret}]`, `[{"token": "${secret}" x}]`, `{"token":"${secret}"}${secret}`]) {
      expect(describeText(text)).not.toContain('SECRET');
    }
  });
});
