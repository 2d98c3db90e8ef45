// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
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
});
