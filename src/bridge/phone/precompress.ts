import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Files worth compressing once at build time; images are compressed already. */
const TEXT = new Set(['.html', '.js', '.css', '.json', '.webmanifest', '.svg', '.txt']);

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the built app (at the highest
 * quality: this runs once per build, not per request), for the bridge to send by the phone's
 * `Accept-Encoding`. Vite's `closeBundle` calls it.
 */
export async function precompress(folder: string): Promise<number> {
  let written = 0;
  for (const name of await readdir(folder)) {
    const path = join(folder, name);
    if ((await stat(path)).isDirectory()) {
      written += await precompress(path);
      continue;
    }
    if (!TEXT.has(extname(name))) continue;
    const body = await readFile(path);
    await writeFile(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }));
    written += 1;
  }
  return written;
}
