import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { StaticFile } from './static-files';

/**
 * The Content-Security-Policy of every file the bridge serves to the phone. Agent text never
 * becomes markup, and this policy is the second wall if it ever tried: scripts, styles and
 * connections only from the bridge itself. The one exception is the app's page: its own inline
 * scripts (the build writes one, src/app/vite-plugins/page-reads-script.ts) are allowed by their hashes,
 * read from the page as it is served, so only those exact scripts run and a rebuilt page's do too.
 */
const DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
];

/** An inline script as the build writes it: a bare `<script>` tag (one with a `src` or a type is not inline code). */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

export function pagePolicy(file: StaticFile): string {
  const hashes = file.type.startsWith('text/html') ? inlineScriptHashes(plainText(file)) : [];
  return DIRECTIVES.map((directive) => (directive.startsWith('script-src ') && hashes.length > 0 ? `${directive} ${hashes.join(' ')}` : directive)).join('; ');
}

/** CSP source expressions for the page's inline scripts, `'sha256-…'` each. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`);
}

function plainText(file: StaticFile): string {
  const body = file.encoding === 'br' ? brotliDecompressSync(file.body) : file.encoding === 'gzip' ? gunzipSync(file.body) : file.body;
  return body.toString('utf8');
}
