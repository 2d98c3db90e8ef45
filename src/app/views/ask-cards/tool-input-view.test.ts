import { describe, expect, it } from 'vitest';
import { INPUT_SHOWN_CHARS } from '../../../wire/allow-always';
import { PREVIEW_CHARS, toolInputView } from './tool-input-view';

describe("a tool's input on its card", () => {
  it('is a command as code, with its other fields by name', () => {
    expect(toolInputView({ command: 'npm test', timeout: 30 })).toEqual([
      { kind: 'command', text: 'npm test' },
      { kind: 'field', label: 'timeout', text: '30' },
    ]);
    expect(toolInputView({ cmd: ['git', 'push'] })).toEqual([{ kind: 'command', text: 'git push' }]);
  });

  it("is an ACP agent's write as each file's path and new text, its own words by name", () => {
    expect(toolInputView({ kind: 'edit', changes: [{ path: '/p/notes.txt', newText: 'hello' }], title: 'Write notes' })).toEqual([
      { kind: 'path', text: '/p/notes.txt' },
      { kind: 'content', label: 'content', text: 'hello' },
      { kind: 'field', label: 'kind', text: 'edit' },
      { kind: 'field', label: 'title', text: 'Write notes' },
    ]);
  });

  it('is an edit as its lines, one replacement after another', () => {
    expect(toolInputView({ file_path: 'a.ts', old_string: 'a\nb', new_string: 'c' })).toEqual([
      { kind: 'path', text: 'a.ts' },
      { kind: 'diff', text: '-a\n-b\n+c' },
    ]);
    expect(
      toolInputView({
        path: 'a.ts',
        edits: [
          { oldText: 'x', newText: 'y' },
          { oldText: '', newText: 'z' },
        ],
      })[1],
    ).toEqual({ kind: 'diff', text: '-x\n+y\n⋯\n+z' });
  });

  it('is shown whole when it fits the card, and each text cut to a preview when it does not', () => {
    const fits = 'x'.repeat(INPUT_SHOWN_CHARS - 40);
    expect(toolInputView({ path: 'a', content: fits })[1]).toEqual({ kind: 'content', label: 'content', text: fits });
    const long = toolInputView({ path: 'a', content: 'y'.repeat(5000) })[1]!;
    expect(long.text).toHaveLength(PREVIEW_CHARS + 1);
    expect(long.text.endsWith('…')).toBe(true);
  });

  it('is nothing for no input, and a bare value as itself', () => {
    expect(toolInputView(null)).toEqual([]);
    expect(toolInputView({})).toEqual([]);
    expect(toolInputView('ls')).toEqual([{ kind: 'field', label: '', text: '"ls"' }]);
  });
});
