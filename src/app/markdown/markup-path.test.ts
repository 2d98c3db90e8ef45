// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { hasRemovedCharacter } from '../../wire/clean';
import { highlight } from './highlight';
import { wantsHighlighter } from './fences';
import { codeHtml, diffHtml, markdownHtml, type Highlight } from './markdown-html';
import { sanitize } from './sanitize-markup';

// The path every piece of agent markup takes (answer-job.ts, in the markup worker or here, then markup-maker.ts): the HTML, then the sanitiser.
const renderMarkdown = (text: string, colour?: Highlight) => sanitize(markdownHtml(text, colour));
const renderCode = (text: string, language: string, colour: Highlight | undefined) => sanitize(codeHtml(text, language, colour));
const renderDiff = (text: string) => {
  const html = diffHtml(text);
  return html && sanitize(html);
};

const dom = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
};

describe('renderMarkdown', () => {
  it('renders headings, lists, emphasis, code and https links', () => {
    const out = dom(renderMarkdown('## Title\n\n- **bold** and *em*\n- `code`\n\n```ts\nlet x = 1;\n```\n\n[docs](https://example.com/a)'));
    expect(out.querySelector('h2')?.textContent).toBe('Title');
    expect(out.querySelectorAll('li')).toHaveLength(2);
    expect(out.querySelector('strong')?.textContent).toBe('bold');
    expect(out.querySelector('pre code')?.textContent).toContain('let x = 1;');
    const link = out.querySelector('a')!;
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual(['https://example.com/a', '_blank', 'noopener noreferrer']);
  });

  it('shows raw HTML as text, never as elements', () => {
    const out = dom(renderMarkdown('<img src=x onerror="alert(1)"> <script>alert(1)</script> <b>b</b>\n\n<iframe src="https://evil.example"></iframe>'));
    expect(out.querySelectorAll('img, script, b, iframe')).toHaveLength(0);
    expect(out.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(out.textContent).toContain('<script>alert(1)</script>');
  });

  it('keeps the words of a link that is not https, but not the link', () => {
    for (const bad of ['javascript:alert(1)', 'http://example.com', 'data:text/html,x', 'https://user:pw@example.com']) {
      const out = dom(renderMarkdown(`[click](${bad})`));
      expect(out.textContent).toContain('click');
      expect(out.querySelector('a[href]'), bad).toBeNull();
    }
  });

  it('drops images and keeps their text', () => {
    const out = dom(renderMarkdown('![a cat](https://example.com/cat.png)'));
    expect(out.querySelector('img')).toBeNull();
    expect(out.textContent).toContain('a cat');
  });

  it('never lets an attribute through but href', () => {
    const out = dom(renderMarkdown('[x](https://example.com "title") <a href="https://e.com" onclick="x()" style="color:red">y</a>'));
    for (const el of out.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) expect(['href', 'target', 'rel']).toContain(attr);
    }
  });

  it('keeps the attributes of tables, task lists, code and diffs only where they belong, with the values it wrote', () => {
    const text = [
      '| left | mid | right |',
      '|:-|:-:|-:|',
      '| a | b | c |',
      '',
      '- [x] done',
      '- [ ] to do',
      '',
      '```ts',
      'const a = 1;',
      '```',
      '',
      '```diff',
      '@@ -1 +1 @@',
      '-a',
      '+b',
      '```',
    ].join('\n');
    const out = dom(renderMarkdown(text, highlight));
    const allowed: Record<string, (el: Element, value: string) => boolean> = {
      class: (_, value) => value.split(' ').every((name) => /^(table-scroll|task|diff(-[a-z]+)?|hljs(-[a-z_-]+)?|[a-z]+_)$/.test(name)),
      align: (el, value) => ['TH', 'TD'].includes(el.tagName) && ['left', 'center', 'right'].includes(value),
      colspan: (el, value) => ['TH', 'TD'].includes(el.tagName) && /^[1-9]$/.test(value),
      type: (el, value) => el.tagName === 'INPUT' && value === 'checkbox',
      checked: (el) => el.tagName === 'INPUT',
      disabled: (el) => el.tagName === 'INPUT',
      tabindex: (el, value) => ['PRE', 'DIV'].includes(el.tagName) && value === '0',
    };
    let seen = 0;
    for (const el of out.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) {
        seen += 1;
        expect(allowed[attr]?.(el, el.getAttribute(attr)!), `${el.tagName} ${attr}="${el.getAttribute(attr)}"`).toBe(true);
      }
    }
    expect(seen).toBeGreaterThan(10);
  });

  describe('GFM tables', () => {
    it('draws a table, in a box that scrolls sideways and a keyboard can reach, with its alignment', () => {
      const out = dom(renderMarkdown('| Name | Size |\n|:-----|-----:|\n| app.js | 80 KB |\n| *b* | `c` |'));
      const box = out.querySelector('div.table-scroll')!;
      expect(box.getAttribute('tabindex')).toBe('0');
      expect([...box.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Name', 'Size']);
      expect([...box.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual(['app.js', '80 KB', 'b', 'c']);
      expect(box.querySelector('td em')?.textContent).toBe('b');
      expect(box.querySelector('td code')?.textContent).toBe('c');
      expect([...box.querySelectorAll('th')].map((th) => th.getAttribute('align'))).toEqual(['left', 'right']);
    });

    it('keeps every guarantee inside a cell: raw HTML as text, no unsafe link', () => {
      const out = dom(
        renderMarkdown('| a | b |\n|-|-|\n| <img src=x onerror=alert(1)> | [x](javascript:alert(1)) |\n| <td onclick=x()>c</td> | <table><tr><td>d</td></tr></table> |'),
      );
      expect(out.querySelectorAll('img, a[href], td[onclick]')).toHaveLength(0);
      expect(out.querySelectorAll('table')).toHaveLength(1);
      expect(out.textContent).toContain('<img src=x onerror=alert(1)>');
      expect(out.textContent).toContain('<table><tr><td>d</td></tr></table>');
    });
  });

  describe('task lists', () => {
    it('shows each task as a disabled checkbox, labelled by its words, ticked when done', () => {
      const out = dom(renderMarkdown('- [x] write the **tests**\n- [ ] ship it\n- not a task'));
      const boxes = [...out.querySelectorAll('input')];
      expect(boxes.map((box) => [box.type, box.disabled, box.checked])).toEqual([
        ['checkbox', true, true],
        ['checkbox', true, false],
      ]);
      expect(boxes.map((box) => box.closest('label')?.textContent?.trim())).toEqual(['write the tests', 'ship it']);
      expect(out.querySelectorAll('li.task')).toHaveLength(2);
      expect(out.querySelectorAll('li:not(.task) input')).toHaveLength(0);
    });

    it('labels the tasks of a loose list too, and keeps what follows a task below it', () => {
      const out = dom(renderMarkdown('- [ ] first\n\n  more about it\n\n- [x] second\n  - [ ] nested'));
      const labels = [...out.querySelectorAll('label')].map((label) => label.textContent?.trim());
      expect(labels).toEqual(['first', 'second', 'nested']);
      expect(out.querySelector('li.task > p + p')?.textContent).toBe('more about it');
      for (const box of out.querySelectorAll('input')) expect(box.disabled).toBe(true);
    });

    it('never makes an input from raw HTML, whatever it says', () => {
      const out = dom(renderMarkdown('<input type="text" name="x" value="y"> <label for="x">l</label> <input type=checkbox checked>\n\n- [ ] <input type=password>'));
      const inputs = [...out.querySelectorAll('input')];
      expect(inputs).toHaveLength(1); // the task's own
      expect([inputs[0]!.type, inputs[0]!.disabled, inputs[0]!.getAttribute('name'), inputs[0]!.getAttribute('value')]).toEqual(['checkbox', true, null, null]);
      expect(out.textContent).toContain('<input type="text" name="x" value="y">');
      expect(out.textContent).toContain('<input type=password>');
    });
  });

  describe('code', () => {
    it('highlights fenced code in a language the highlighter knows, as token spans around the same text', () => {
      const source = 'const answer: number = 42; // the answer\nfunction f() { return "x"; }';
      const out = dom(renderMarkdown(`\`\`\`ts\n${source}\n\`\`\``, highlight));
      const code = out.querySelector('pre code.hljs')!;
      expect(code.textContent).toBe(source);
      expect(code.querySelector('span.hljs-keyword')?.textContent).toBe('const');
      expect(code.querySelector('span.hljs-string')?.textContent).toBe('"x"');
      expect(code.querySelector('span.hljs-comment')?.textContent).toBe('// the answer');
      expect(code.querySelector('span.hljs-built_in')?.textContent).toBe('number');
      expect(code.querySelector('span.hljs-title.function_')?.textContent).toBe('f');
      expect(code.querySelectorAll('span:not([class])')).toHaveLength(0);
      expect(out.querySelector('pre')!.getAttribute('tabindex')).toBe('0');
    });

    it('shows code plain without the highlighter, in a language it does not know, and without a language', () => {
      for (const [fence, highlighter] of [
        ['```ts', undefined],
        ['```klingon', highlight],
        ['```', highlight],
      ] as const) {
        const out = dom(renderMarkdown(`${fence}\nconst a = "<b>";\n\`\`\``, highlighter));
        expect(out.querySelector('pre code')!.textContent, fence).toBe('const a = "<b>";');
        expect(out.querySelectorAll('pre span, b'), fence).toHaveLength(0);
      }
    });

    it("never turns a fence's info string into markup", () => {
      const out = dom(renderMarkdown('```"><img src=x onerror=alert(1)> class="evil"\nx\n```\n\n~~~ts onclick=alert(1)\ny\n~~~', highlight));
      expect(out.querySelectorAll('img, [onclick], .evil')).toHaveLength(0);
      expect([...out.querySelectorAll('pre code')].map((code) => code.textContent)).toEqual(['x', 'y']);
    });

    it('passes what a highlighter gives through the sanitiser: only token spans and their classes stay', () => {
      const hostile = () =>
        '<span class="hljs-keyword evil ask-card" onclick="x()" style="color:red">k</span><img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:x">l</a><input type=text>';
      for (const html of [renderMarkdown('```ts\nk\n```', hostile), renderCode('k', 'ts', hostile)]) {
        const out = dom(html);
        expect(out.querySelectorAll('img, script, a[href], [onclick], [style], .evil, .ask-card')).toHaveLength(0);
        expect(out.querySelector('span.hljs-keyword')?.textContent).toBe('k');
        expect(out.querySelector('input')?.disabled ?? true).toBe(true);
      }
    });

    it("renders a code item's text as highlighted tokens, or as the text itself", () => {
      const out = dom(renderCode('def f():\n    return None', 'python', highlight));
      expect(out.textContent).toBe('def f():\n    return None');
      expect(out.querySelector('.hljs-keyword')?.textContent).toBe('def');
      expect(renderCode('<b>x</b> & y', 'python', undefined)).toBe('&lt;b&gt;x&lt;/b&gt; &amp; y');
      expect(renderCode('<b>x</b>', 'nothing', highlight)).toBe('&lt;b&gt;x&lt;/b&gt;');
    });

    it('wants the highlighter only for fenced code that names a language other than a diff', () => {
      expect(wantsHighlighter('```ts\nx\n```')).toBe(true);
      expect(wantsHighlighter('text\n\n~~~python\nx\n~~~')).toBe(true);
      expect(wantsHighlighter('- item\n\n  ```go\n  x\n  ```')).toBe(true);
      expect(wantsHighlighter('> 1. ```rust\n>    x')).toBe(true);
      for (const text of ['plain', '```\nno language\n```', '```\nx\n```\n\nthen ~~~ text', '```diff\n-a\n+b\n```', '    indented code', 'a ``` in a line', '`ts` inline'])
        expect(wantsHighlighter(text), text).toBe(false);
    });
  });

  describe('diffs', () => {
    const DIFF = '--- a/app.ts\n+++ b/app.ts\n@@ -3,2 +3,2 @@\n-let a = 1;\n+let a = 2;\n keep();';

    it('draws a diff fence as a table: the file as a header, line numbers, a sign and <ins>/<del> on each changed line', () => {
      const out = dom(renderMarkdown(`\`\`\`diff\n${DIFF}\n\`\`\``));
      const box = out.querySelector('div.diff-scroll')!;
      expect(box.getAttribute('tabindex')).toBe('0');
      expect(box.querySelector('tr.diff-file th')?.textContent).toBe('app.ts');
      expect(box.querySelector('tr.diff-hunk')?.textContent).toBe('@@ -3,2 +3,2 @@');
      const cells = (kind: string) => [...box.querySelectorAll(`tr.diff-${kind} td`)].map((td) => td.textContent);
      expect(cells('del')).toEqual(['3', '', '\u2212', 'let a = 1;']);
      expect(cells('add')).toEqual(['', '3', '+', 'let a = 2;']);
      expect(cells('context')).toEqual(['4', '4', '', 'keep();']);
      expect(box.querySelector('tr.diff-del del')?.textContent).toBe('let a = 1;');
      expect(box.querySelector('tr.diff-add ins')?.textContent).toBe('let a = 2;');
    });

    it('renders a diff item or tool output the same way, escaping every line', () => {
      const out = dom(renderDiff('@@ -1 +1 @@\n-<script>alert(1)</script>\n+<img src=x onerror=alert(1)>')!);
      expect(out.querySelectorAll('script, img')).toHaveLength(0);
      expect(out.querySelector('ins')?.textContent).toBe('<img src=x onerror=alert(1)>');
      expect(out.querySelector('del')?.textContent).toBe('<script>alert(1)</script>');
    });

    it('draws a huge diff as plain code', () => {
      expect(renderDiff('+x\n'.repeat(5000))).toBeNull();
      const out = dom(renderMarkdown(`\`\`\`diff\n${'+x\n'.repeat(5000)}\`\`\``));
      expect(out.querySelector('table')).toBeNull();
      expect(out.querySelector('pre code')?.textContent).toContain('+x\n+x');
    });
  });

  describe('character references the HTML parser would turn into removed characters', () => {
    const REFERENCES = ['&#x202E;', '&#8203;', '&zwj;', '&#xE0041;', '&#x1b;', '&#x85;', '&#x2066;', '&#xFEFF;', '&#9;'];
    const payloads = REFERENCES.flatMap((ref) => [
      `text a${ref}b and **bold${ref}** and \`code${ref}\``,
      `[a${ref}b](https://example.com/${ref}x)`,
      `[edge](https://example.com/x${ref})`,
      `[edge](${ref}https://example.com/x)`,
      `# head${ref}ing\n\n- item${ref}`,
      `| a${ref} | b |\n|-|-|\n| c${ref} | [d${ref}](https://example.com/${ref}) |`,
      `- [x] task${ref}\n- [ ] **other${ref}**`,
      `\`\`\`diff\n--- a/x${ref}\n+++ b/x\n@@ -1 +1 @@\n-a${ref}\n+b\n\`\`\``,
    ]);

    /** Every string the page would hold: text nodes and attribute values, after the DOM parses the output. */
    const strings = (root: Node): string[] => {
      const out: string[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node instanceof Element) for (const attr of node.attributes) out.push(attr.value);
        else out.push(node.textContent ?? '');
      }
      return out;
    };

    it.each(payloads)('leaves none in any text node or attribute: %j', (payload) => {
      const found = strings(dom(renderMarkdown(payload))).filter((s) => hasRemovedCharacter(s, { multiline: true }));
      expect(found).toEqual([]);
    });

    it.each(REFERENCES)('leaves none in highlighted code or a diff: %j', (ref) => {
      // Inside code a reference is not decoded: it stays as its own characters, which are harmless.
      const html = [renderMarkdown(`\`\`\`ts\nconst a${ref} = "${ref}";\n\`\`\``, highlight), renderCode(`x${ref}`, 'ts', highlight), renderDiff(`+a${ref}`)!];
      for (const one of html) expect(strings(dom(one)).filter((s) => hasRemovedCharacter(s, { multiline: true }))).toEqual([]);
    });

    it('drops a link whose address decodes to a removed character, keeping its words, never repairing it', () => {
      for (const href of ['https://example.com/&#x202E;x', 'https://example.com/x&#xFEFF;', '&#9;https://example.com/x', 'https://example.com/&#x1b;']) {
        const out = dom(renderMarkdown(`[the words](${href})`));
        expect(out.textContent, href).toContain('the words');
        expect(out.querySelector('a[href]'), href).toBeNull();
      }
    });

    it('keeps the visible words around a removed character', () => {
      const out = dom(renderMarkdown('[a&#x202E;b](https://example.com/ok) zero&#8203;width&zwj;joined'));
      expect(out.textContent).toContain('ab');
      expect(out.textContent).toContain('zerowidthjoined');
      expect(out.querySelector('a')?.getAttribute('href')).toBe('https://example.com/ok');
    });
  });
});
