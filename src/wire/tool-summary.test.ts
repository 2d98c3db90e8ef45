import { describe, expect, it } from 'vitest';
import { toolSummary } from './tool-summary';

describe('what a tool call acts on, in one line', () => {
  it('is its command, else its path; a command of several lines is its first, not whole', () => {
    expect(toolSummary({ command: 'npm test', timeout: 5 })).toEqual({ text: 'npm test', whole: true });
    expect(toolSummary({ cmd: ['git', 'push'] })).toEqual({ text: 'git push', whole: true });
    expect(toolSummary({ path: 'hello.txt', content: 'hi' })).toEqual({ text: 'hello.txt', whole: true });
    expect(toolSummary({ command: 'cd x\nrm -rf y' })).toEqual({ text: 'cd x', whole: false });
    expect(toolSummary({ content: 'hi' })).toBeNull();
    expect(toolSummary('ls')).toBeNull();
  });
});
