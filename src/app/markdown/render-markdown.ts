/**
 * The one path by which agent text becomes markup: restricted markdown through `marked`, then
 * `DOMPurify` with an allow-list. Raw HTML in the text is shown as the characters themselves;
 * links open only safe https addresses, in a new context, without opener or referrer.
 * Loaded lazily: the first screen does not pay for it.
 */
import DOMPurify from 'dompurify';
import { Marked, type Tokens } from 'marked';
import { isSafeLinkUrl } from '../../wire/link';

const ALLOWED_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'li', 'em', 'strong', 'del', 'code', 'pre', 'a', 'blockquote', 'br', 'hr'];

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

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
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName !== 'A') return;
  const href = node.getAttribute('href');
  if (!isSafeLinkUrl(href)) {
    node.removeAttribute('href'); // the words stay, the link goes
    return;
  }
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer');
});

export function renderMarkdown(text: string): string {
  const html = marked.parse(text) as string;
  return purify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: ['href'], ALLOW_DATA_ATTR: false });
}
