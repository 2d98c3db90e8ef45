/**
 * The sanitiser every piece of agent markup meets before the page shows it (markdown-html.ts
 * made it, on this thread or in the markup worker): `DOMPurify` with an allow-list. Raw HTML in
 * agent text was already turned into text; links open only safe https addresses, in a new
 * context, without opener or referrer. The bridge cleaned the text, but character references in it
 * (`&#x202E;`, `&zwj;`) are decoded by `marked` and the HTML parser into the very characters the
 * cleaner removes; so the cleaner runs again here, on the decoded nodes and attributes.
 */
import DOMPurify from 'dompurify';
import { clean } from '../../wire/clean';
import { isSafeLinkUrl } from '../../wire/link';

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

// The module's own instance, the only one this app uses: a second (`DOMPurify(window)`) built all of
// DOMPurify's default lists again as a chat's code loaded, in the chat's first task.
const purify = DOMPurify;
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

// Set once: a config passed with each call is parsed again on each call (DOMPurify rebuilds its
// default lists), and a chat's opening sanitises its rows one at a time, each paying it again.
purify.setConfig({ ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });

/** Markup as the page may show it: only the tags, attributes and classes allowed here, text cleaned again. */
export function sanitize(html: string): string {
  return purify.sanitize(html);
}
