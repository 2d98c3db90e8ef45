/**
 * The one path by which agent text becomes markup: restricted markdown through `marked`, then
 * `DOMPurify` with an allow-list. Raw HTML in the text is shown as the characters themselves;
 * links open only safe https addresses, in a new context, without opener or referrer.
 * The bridge cleaned the text, but character references in it (`&#x202E;`, `&zwj;`) are decoded
 * by `marked` and the HTML parser into the very characters the cleaner removes; so the cleaner runs
 * again here, on the decoded nodes and attributes.
 * Loaded lazily: the first screen does not pay for it.
 */
import DOMPurify from 'dompurify';
import { Marked, type Tokens } from 'marked';
import { clean } from '../../wire/clean';
import { isSafeLinkUrl } from '../../wire/link';

const ALLOWED_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'li', 'em', 'strong', 'del', 'code', 'pre', 'a', 'blockquote', 'br', 'hr'];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const marked = new Marked({
  async: false,
  gfm: true,
  breaks: true,
  renderer: {
    // Raw HTML is text: the tags show as the characters themselves.
    html: (token: Tokens.HTML | Tokens.Tag) => escapeHtml(token.text),
    // Images are not items: an image in markdown shows as its alternative text.
    image: (token: Tokens.Image) => escapeHtml(token.text),
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
  if (data.attrName !== 'href') {
    data.attrValue = clean(data.attrValue);
    return;
  }
  // Checked as the parser decoded it, before DOMPurify trims it: a removed character at either end
  // would otherwise be trimmed off and the link repaired. The words stay, the link goes.
  if (!isSafeLinkUrl(node.getAttribute('href'))) data.keepAttr = false;
});
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName !== 'A' || !node.hasAttribute('href')) return;
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer');
});

export function renderMarkdown(text: string): string {
  const html = marked.parse(text) as string;
  return purify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: ['href'], ALLOW_DATA_ATTR: false });
}
