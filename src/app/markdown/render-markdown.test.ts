// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { hasRemovedCharacter } from '../../wire/clean';
import { renderMarkdown } from './render-markdown';

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

  describe('character references the HTML parser would turn into removed characters', () => {
    const REFERENCES = ['&#x202E;', '&#8203;', '&zwj;', '&#xE0041;', '&#x1b;', '&#x85;', '&#x2066;', '&#xFEFF;', '&#9;'];
    const payloads = REFERENCES.flatMap((ref) => [
      `text a${ref}b and **bold${ref}** and \`code${ref}\``,
      `[a${ref}b](https://example.com/${ref}x)`,
      `[edge](https://example.com/x${ref})`,
      `[edge](${ref}https://example.com/x)`,
      `# head${ref}ing\n\n- item${ref}`,
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
