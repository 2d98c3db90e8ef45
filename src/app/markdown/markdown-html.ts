/**
 * Agent markdown and code as HTML, before the sanitiser: `marked` (GFM, raw HTML shown as text,
 * images as their alternative text), tables in a box that scrolls sideways, task lists with
 * disabled checkboxes, fenced code highlighted when a highlighter is given (highlight.ts), and
 * diffs drawn as diffs (diff-markup.ts). Nothing here touches the DOM: the markup worker
 * (markup-worker.ts) runs it off the page's thread. Its output is untrusted until
 * sanitize-markup.ts has cleaned it: markup-maker.ts, the one caller that shows it, sanitises it.
 */
import { Marked, Renderer, type Tokens } from 'marked';
import { diffMarkup } from './diff-markup';
import { escapeHtml } from './escape-html';
import { languageOf } from './fences';
import { isDiffLanguage, parseDiff } from './parse-diff';

/** What highlight.ts gives: the code as highlighted HTML, or null for a language it does not know. */
export type Highlight = (code: string, language: string) => string | null;

/** The highlighter of the render under way (marked's renderer takes no arguments of ours). */
let highlightNow: Highlight | undefined;

/** Code as the markup inside its `<code>`: highlighted tokens when the highlighter knows the language, else the text. */
function codeMarkup(text: string, language: string, highlight: Highlight | undefined): { markup: string; highlighted: boolean } {
  const highlighted = language && highlight ? highlight(text, language) : null;
  return highlighted === null ? { markup: escapeHtml(text), highlighted: false } : { markup: highlighted, highlighted: true };
}

const marked = new Marked({
  async: false,
  gfm: true,
  breaks: true,
  renderer: {
    // Raw HTML is text: the tags show as the characters themselves.
    html: (token: Tokens.HTML | Tokens.Tag) => escapeHtml(token.text),
    // Images are not items: an image in markdown shows as its alternative text.
    image: (token: Tokens.Image) => escapeHtml(token.text),
    code(token: Tokens.Code) {
      const language = languageOf(token.lang);
      const rows = isDiffLanguage(language) ? parseDiff(token.text) : null;
      if (rows) return `<div class="diff-scroll">${diffMarkup(rows)}</div>\n`;
      const { markup, highlighted } = codeMarkup(token.text, language, highlightNow);
      return `<pre><code${highlighted ? ' class="hljs"' : ''}>${markup}</code></pre>\n`;
    },
    // A wide table scrolls inside its own box; the bubble and the page keep their width.
    table(token: Tokens.Table) {
      return `<div class="table-scroll">${Renderer.prototype.table.call(this, token)}</div>\n`;
    },
    checkbox: ({ checked }: Tokens.Checkbox) => `<input type="checkbox" disabled${checked ? ' checked' : ''}> `,
    // A task's checkbox is named by its words: they are its label (loose lists wrap them in a paragraph).
    listitem(item: Tokens.ListItem) {
      if (!item.task) return false;
      const [first, ...rest] = item.tokens;
      let head: string;
      let after = rest;
      if (first?.type === 'checkbox') {
        const [words, ...more] = rest;
        const inline = words && (words.type === 'text' || words.type === 'paragraph') && 'tokens' in words && words.tokens ? words.tokens : null;
        head = `<label>${this.checkbox(first as Tokens.Checkbox)}${inline ? this.parser.parseInline(inline) : ''}</label>`;
        if (inline) after = more;
      } else if (first?.type === 'paragraph') {
        head = `<p><label>${this.parser.parseInline((first as Tokens.Paragraph).tokens)}</label></p>`;
      } else return false;
      return `<li class="task">${head}${this.parser.parse(after)}</li>\n`;
    },
  },
});

/** A markdown item as HTML; fenced code highlighted when `highlight` is given. */
export function markdownHtml(text: string, highlight?: Highlight): string {
  highlightNow = highlight;
  try {
    return marked.parse(text) as string;
  } finally {
    highlightNow = undefined;
  }
}

/** A code item's text as the HTML inside its `<code>`: highlighted tokens, or the text itself. */
export function codeHtml(text: string, language: string, highlight: Highlight | undefined): string {
  return codeMarkup(text, languageOf(language), highlight).markup;
}

/** A diff (a code item, a tool's output) as a table of its lines, or null when it is too large to draw as one. */
export function diffHtml(text: string): string | null {
  const rows = parseDiff(text);
  return rows && diffMarkup(rows);
}
