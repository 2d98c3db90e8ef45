import { readFile } from 'node:fs/promises';
import { FatalConfigError } from './config';
import { describeJsonError } from './json-error';
import { tightenFile } from '../fs/private-file';

/**
 * A private file the bridge keeps (devices, push keys, subscriptions), read strictly: null when it
 * is not there yet; one that cannot be read or does not parse stops the bridge, since starting
 * afresh would silently drop what it held (every paired phone, every subscription). A wider mode
 * is tightened to 0600 first, with a log line. The text is never quoted: it may hold a key.
 * `refused` words the stop for a file that does not parse (by default where it fails).
 */
export async function readKeptJson(
  path: string,
  log: (line: string) => void,
  refused: (why: string) => string = (why) => `${path} is not valid JSON: ${why}`,
): Promise<{ raw: unknown } | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new FatalConfigError(`${path} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  await tightenFile(path, log);
  try {
    return { raw: JSON.parse(text) as unknown };
  } catch (err) {
    throw new FatalConfigError(refused(describeJsonError(text, err)));
  }
}
