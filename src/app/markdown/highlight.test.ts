// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { highlight } from './highlight';

const text = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
};

it('highlights the common languages by their names and short names, keeping the text', () => {
  const samples: Record<string, string> = {
    ts: 'const a: string = "x";',
    typescript: 'let b = 1;',
    js: 'function f() { return 1; }',
    py: 'def f():\n    return None',
    sh: 'echo "$HOME" && ls -la',
    json: '{"a": [1, true, null]}',
    go: 'func main() { fmt.Println("hi") }',
    rust: 'fn main() { let x: i32 = 1; }',
    html: '<div class="a">&amp;</div>',
    yaml: 'key: value\nlist:\n  - 1',
    sql: 'SELECT * FROM t WHERE id = 1;',
    css: '.a { color: red; }',
    java: 'public class A { int x = 1; }',
    c: 'int main(void) { return 0; }',
    cpp: 'std::vector<int> v;',
  };
  for (const [language, code] of Object.entries(samples)) {
    const html = highlight(code, language);
    expect(html, language).not.toBeNull();
    const out = text(html!);
    expect(out.textContent, language).toBe(code);
    expect(out.querySelector('span[class^="hljs-"]'), language).not.toBeNull();
  }
});

it('escapes the code: markup in it stays text', () => {
  const out = text(highlight('const s = "<img src=x onerror=alert(1)>"; // <script>', 'ts')!);
  expect(out.querySelectorAll('img, script')).toHaveLength(0);
  expect(out.textContent).toBe('const s = "<img src=x onerror=alert(1)>"; // <script>');
});

it('knows a language whatever its case, and gives null for one it does not know', () => {
  expect(highlight('x = 1', 'Python')).not.toBeNull();
  for (const language of ['', ' ', 'klingon', '__proto__', 'constructor', 'toString', 'x'.repeat(100)]) expect(highlight('x', language), language).toBeNull();
});

it('keeps text a grammar finds illegal', () => {
  const odd = '}}}{{{ )))((( """ \'\'\' ``` \\\\ @@@';
  for (const language of ['json', 'python', 'ts', 'css']) expect(text(highlight(odd, language)!).textContent, language).toBe(odd);
});
