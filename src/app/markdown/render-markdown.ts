/**
 * The one path by which agent text becomes markup: restricted markdown through `marked`, then
 * `DOMPurify` with an allow-list. Raw HTML in the text is shown as the characters themselves;
 * links open only safe https addresses, in a new context, without opener or referrer.
 * The bridge cleaned the text, but character references in it (`&#x202E;`, `&zwj;`) are decoded
 * by `marked` and the HTML parser into the very characters the cleaner removes; so the cleaner runs
 * again here, on the decoded nodes and attributes.
 * Beyond markdown's own: GFM tables (in a box that scrolls sideways), task lists (disabled
 * checkboxes), fenced code highlighted when the highlighter has loaded (highlight.ts), and diffs
 * drawn as diffs (diff-markup.ts). Code items and tool outputs come through here too (renderCode,
 * renderDiff): every piece of agent markup meets the same sanitiser.
 * Loaded lazily: the first screen does not pay for it.
 */
import DOMPurify from 'dompurify';
import { Marked, Renderer, type Tokens } from 'marked';
import { clean } from '../../wire/clean';
import { isSafeLinkUrl } from '../../wire/link';
import { diffMarkup } from './diff-markup';
import { escapeHtml } from './escape-html';
import { isDiffLanguage, parseDiff } from './parse-diff';

/** What highlight.ts gives: the code as highlighted HTML, or null for a language it does not know. */
export type Highlight = (code: string, language: string) => string | null;

const ALLOWED_TAGS = [
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'li', 'em', 'strong', 'del', 'code', 'pre', 'a', 'blockquote', 'br', 'hr'],
  // Tables (GFM's, and diffs), their scrolling box, task lists, highlighted tokens, added lines.
  ...['table', 'thead', 'tbody', 'tr', 'th', 'td', 'div', 'span', 'label', 'input', 'ins'],
];
/** Each kept only where and as the hooks below allow. */
const ALLOWED_ATTR = ['href', 'class', 'align', 'colspan', 'type', 'checked', 'disabled'];

/**
 * The classes this file and its helpers write, and no other: agent text cannot write markup, and
 * if it ever could, it still could not dress itself as the app's own controls.
 */
const CLASSES = new Set([
  'table-scroll',
  'task',
  'diff-scroll',
  'diff',
  'diff-file',
  'diff-hunk',
  'diff-meta',
  'diff-add',
  'diff-del',
  'diff-context',
  'diff-num',
  'diff-sign',
  'diff-text',
  'hljs',
]);
/** highlight.js's token classes (`hljs-title`) and their sub-scopes (`function_`, `class_`). */
const TOKEN_CLASS = /^(?:hljs-[a-z][a-z_-]{0,30}|[a-z]{1,30}_+)$/;
/** The boxes that scroll sideways, by their class: the sanitiser makes them (and every `pre`) reachable by keyboard. */
const SCROLL_BOXES = ['table-scroll', 'diff-scroll'];

/** A fence's language: the first word of its info string. */
const languageOf = (info: string | undefined) => (info ?? '').trim().split(/\s/, 1)[0]!.toLowerCase();

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

const purify = DOMPurify(window);
purify.addHook('afterSanitizeElements', (node) => {
  // Only removal: the text was cut to its limit at the bridge, and cutting markup would break it.
  if (node.nodeType === Node.TEXT_NODE && node.textContent) {
    const cleaned = clean(node.textContent, { multiline: true });
    if (cleaned !== node.textContent) node.textContent = cleaned;
  }
});
purify.addHook('uponSanitizeAttribute', (node, data) => {
  const tag = node.nodeName;
  switch (data.attrName) {
    case 'href':
      // Checked as the parser decoded it, before DOMPurify trims it: a removed character at either end
      // would otherwise be trimmed off and the link repaired. The words stay, the link goes.
      if (!isSafeLinkUrl(node.getAttribute('href'))) data.keepAttr = false;
      return;
    case 'class': {
      const kept = data.attrValue.split(/\s+/).filter((name) => CLASSES.has(name) || TOKEN_CLASS.test(name));
      data.attrValue = kept.join(' ');
      if (kept.length === 0) data.keepAttr = false;
      return;
    }
    case 'align':
      data.keepAttr = (tag === 'TH' || tag === 'TD') && ['left', 'center', 'right'].includes(data.attrValue);
      return;
    case 'colspan':
      data.keepAttr = (tag === 'TH' || tag === 'TD') && /^[1-9]$/.test(data.attrValue);
      return;
    case 'type':
    case 'checked':
    case 'disabled':
      data.keepAttr = tag === 'INPUT';
      return;
    default:
      data.attrValue = clean(data.attrValue);
  }
});
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
  // A task's checkbox shows its state and takes no input, whatever the markup said.
  if (node.nodeName === 'INPUT') {
    node.setAttribute('type', 'checkbox');
    node.setAttribute('disabled', '');
  }
  if (node.nodeName === 'PRE' || (node.nodeName === 'DIV' && SCROLL_BOXES.includes(node.getAttribute('class') ?? ''))) node.setAttribute('tabindex', '0');
});

function sanitize(html: string): string {
  return purify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}

/** A markdown item's markup; fenced code highlighted when `highlight` is given. */
export function renderMarkdown(text: string, highlight?: Highlight): string {
  highlightNow = highlight;
  try {
    return sanitize(marked.parse(text) as string);
  } finally {
    highlightNow = undefined;
  }
}

/**
 * A fence that opens code and names its language: at a line's start, after any blockquote and
 * list markers (a closing fence names none). A long chat asks this of every row it draws, so it
 * is one scan rather than a lexing: a fence-like line inside other code can only load the
 * highlighter for nothing, never leave real code uncoloured.
 */
const OPENING_FENCE = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)*(?:`{3,}|~{3,})[ \t]*([^\s`]+)/gm;

/** True when the markdown has fenced code naming a language other than a diff's: the chat then loads the highlighter for it. */
export function wantsHighlighter(text: string): boolean {
  if (!text.includes('```') && !text.includes('~~~')) return false;
  for (const [, info] of text.matchAll(OPENING_FENCE)) {
    const language = languageOf(info);
    if (language && !isDiffLanguage(language)) return true;
  }
  return false;
}

/** A code item's text as the markup inside its `<code>`: highlighted tokens, or the text itself. */
export function renderCode(text: string, language: string, highlight: Highlight | undefined): string {
  return sanitize(codeMarkup(text, languageOf(language), highlight).markup);
}

/** A diff (a code item, a tool's output) as a table of its lines, or null when it is too large to draw as one. */
export function renderDiff(text: string): string | null {
  const rows = parseDiff(text);
  return rows && sanitize(diffMarkup(rows));
}
