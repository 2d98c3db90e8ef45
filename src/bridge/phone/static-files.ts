import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Encoding } from '../http/compression';
import { INSTALL } from '../config/install-paths';

/** The built PWA (`vite build` writes it here). */
export const APP_DIR = INSTALL.appDir;

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
  /** Set when `body` is the build's precompressed copy (`<file>.br` or `.gz`). */
  encoding?: Encoding;
}

const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The file as the phone can take it: the build's precompressed copy when it has one, else the file. */
async function readEncoded(path: string, encoding: Encoding | null): Promise<{ body: Buffer; encoding?: Encoding } | null> {
  if (encoding) {
    const packed = await readFile(path + SUFFIX[encoding]).catch(() => null);
    if (packed) return { body: packed, encoding };
  }
  const body = await readFile(path).catch(() => null); // a folder, or nothing there: no file of ours
  return body ? { body } : null;
}

/** A file of the built app for a URL path, or the app shell for any unknown path. */
export async function readStatic(urlPath: string, root = APP_DIR, encoding: Encoding | null = null): Promise<StaticFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null; // a malformed escape names no file of ours
  }
  const relative = normalize(decoded).replace(/^([/\\])+/, '');
  const full = join(root, relative);
  if (full !== root && !full.startsWith(root + sep)) return null;
  // The precompressed copies are served in place of their file, never asked for by name.
  if (relative.endsWith('.br') || relative.endsWith('.gz')) return null;
  const file = await readEncoded(relative === '' ? join(root, 'index.html') : full, encoding);
  if (file) {
    const type = TYPES[extname(full)] ?? (relative === '' ? TYPES['.html']! : 'application/octet-stream');
    return { ...file, type, immutable: relative.startsWith('assets/') };
  }
  if (extname(relative) !== '') return null;
  const shell = await readEncoded(join(root, 'index.html'), encoding);
  return shell ? { ...shell, type: TYPES['.html']!, immutable: false } : null;
}
