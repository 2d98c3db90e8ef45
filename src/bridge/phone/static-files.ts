import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built PWA (`vite build` writes it here). */
export const APP_DIR = fileURLToPath(new URL('../../../dist/app', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticFile {
  body: Buffer;
  type: string;
  immutable: boolean;
}

/** A file of the built app for a URL path, or the app shell for any unknown path. */
export async function readStatic(urlPath: string, root = APP_DIR): Promise<StaticFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null; // a malformed escape names no file of ours
  }
  const relative = normalize(decoded).replace(/^([/\\])+/, '');
  const full = join(root, relative);
  if (full !== root && !full.startsWith(root + sep)) return null;
  const file = await readFile(relative === '' ? join(root, 'index.html') : full).catch(() => null);
  if (file) {
    const type = TYPES[extname(full)] ?? (relative === '' ? TYPES['.html']! : 'application/octet-stream');
    return { body: file, type, immutable: relative.startsWith('assets/') };
  }
  if (extname(relative) !== '') return null;
  const shell = await readFile(join(root, 'index.html')).catch(() => null);
  return shell ? { body: shell, type: TYPES['.html']!, immutable: false } : null;
}
