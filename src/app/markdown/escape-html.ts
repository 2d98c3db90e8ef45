/** Text as HTML text: what the markdown path writes around agent text before the sanitiser reads it. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
