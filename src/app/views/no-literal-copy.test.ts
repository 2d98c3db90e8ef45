import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every word a person reads comes from locales/ through `t()`: a literal in a view would stay
 * English in Chinese and Russian. This reads each view's syntax tree and lists text nodes and the
 * attributes people hear or read (aria-label, title, placeholder, alt…) that hold letters.
 */
const VIEWS = import.meta.dirname;
const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label']);
const LETTERS = /\p{L}/u;

function viewFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    // Test-only code (testing/ folders, *.test.tsx) draws screens for tests, never for a person.
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : viewFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : [];
  });
}

export function literalCopy(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) => `${relative(VIEWS, fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LETTERS.test(node.text)) found.push(`${where(node)} text "${node.text.trim()}"`);
    if (ts.isJsxExpression(node) && node.expression && ts.isStringLiteralLike(node.expression) && ts.isJsxElement(node.parent) && LETTERS.test(node.expression.text))
      found.push(`${where(node)} text "${node.expression.text}"`);
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(file))) {
      const value = node.initializer;
      const literal =
        value && (ts.isStringLiteral(value) ? value : ts.isJsxExpression(value) && value.expression && ts.isStringLiteralLike(value.expression) ? value.expression : null);
      if (literal && LETTERS.test(literal.text)) found.push(`${where(node)} ${node.name.getText(file)}="${literal.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('the views', () => {
  it('hold no user-facing words of their own: text, names, titles and placeholders all come from locales/', () => {
    const found = viewFiles(VIEWS).flatMap((path) => literalCopy(path, readFileSync(path, 'utf8')));
    expect(found, found.join('\n')).toEqual([]);
  });

  it('would catch each kind of literal', () => {
    const source = `const a = <p>Hello</p>; const b = <b aria-label="Close" />; const c = <i title={'Tip'} />; const d = <p>{'Hi'}</p>; const e = <p>{t('ok')} · 3</p>; const f = <input placeholder="e.g." />;`;
    expect(literalCopy(join(VIEWS, 'probe.tsx'), source).map((line) => line.replace(/^probe\.tsx:\d+ /, ''))).toEqual([
      'text "Hello"',
      'aria-label="Close"',
      'title="Tip"',
      'text "Hi"',
      'placeholder="e.g."',
    ]);
  });
});
