import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../wire/limits';
import { textItem } from '../model-text';
import { assistantItems, endedStatus, modelFailureText, redact, toolOutputText, toolSummary } from './pi-items';

describe("Pi's messages as items", () => {
  it('an assistant message: text as markdown, thinking, each tool call a running tool item, in order; empty parts left out', () => {
    const items = assistantItems('m-1', {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'Plan it.' },
        { type: 'text', text: 'I will write it.' },
        { type: 'text', text: '  ' },
        { type: 'toolCall', id: 'call_1', name: 'write', arguments: { path: 'a.txt', content: 'x' } },
      ],
    });
    expect(items).toEqual([
      { id: 'm-1-0', kind: 'thinking', text: 'Plan it.' },
      { id: 'm-1-1', kind: 'markdown', text: 'I will write it.' },
      { id: 'tool-call_1', kind: 'tool', toolCallId: 'call_1', name: 'write', summary: 'a.txt', status: 'running' },
    ]);
  });

  it('text too long for markdown is a reply, cut at the item limit', () => {
    expect(textItem('t', 'x'.repeat(LIMITS.richTextBytes)).kind).toBe('markdown');
    const long = textItem('t', 'x'.repeat(LIMITS.itemTextBytes * 2));
    expect(long.kind).toBe('reply');
    expect(Buffer.byteLength((long as { text: string }).text)).toBeLessThanOrEqual(LIMITS.itemTextBytes);
  });

  it('a tool summary comes from the arguments only: the command, the path, the pattern', () => {
    expect(toolSummary('bash', { command: 'npm test\nnpm run build' })).toBe('npm test …');
    expect(toolSummary('edit', { path: 'src/a.ts', edits: [] })).toBe('src/a.ts');
    expect(toolSummary('grep', { pattern: 'TODO', path: 'src' })).toBe('TODO in src');
    expect(toolSummary('mystery', { level: 3 })).toBe('{"level":3}');
    expect(toolSummary('mystery', {})).toBe('');
    expect(toolSummary('bash', { command: 'y'.repeat(500) })).toHaveLength(200);
  });

  it('tool output keeps its end when long, and names images', () => {
    expect(toolOutputText({ content: [{ type: 'text', text: 'ok' }, { type: 'image' }], isError: false })).toBe('ok\n[image]');
    const long = toolOutputText({ content: [{ type: 'text', text: `${'a'.repeat(LIMITS.toolOutputBytes)}THE END` }], isError: false });
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(LIMITS.toolOutputBytes);
    expect(long.startsWith('…')).toBe(true);
    expect(long.endsWith('THE END')).toBe(true);
  });

  it('a finished call reads denied, failed (an error or a stop) or done', () => {
    expect(endedStatus({ isError: true, refused: 'denied' })).toBe('denied');
    expect(endedStatus({ isError: true, refused: 'stopped' })).toBe('failed');
    expect(endedStatus({ isError: true })).toBe('failed');
    expect(endedStatus({ isError: false })).toBe('done');
  });

  it("a model's failure in words, with its key and anything key-shaped hidden", () => {
    expect(modelFailureText('401 Incorrect API key provided: sk-proj-abcdef1234567890', ['sk-proj-abcdef1234567890'])).toBe(
      'The model did not answer: 401 Incorrect API key provided: [hidden]',
    );
    expect(redact('bad key sk-abcdefghijklmnop here')).toBe('bad key sk-[hidden] here');
    expect(modelFailureText(undefined)).toBe('The model did not answer: no reason given');
  });
});
