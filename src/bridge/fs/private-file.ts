/**
 * The fs room: files and folders that may hold secrets, 0600 and 0700 from their first byte
 * (`private-file.ts`, `state-dir.ts`).
 */
import { constants } from 'node:fs';
import { chmod, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes a file that may hold a secret: mode 0600 from its first byte, and atomically (a temp
 * file in the same folder, then rename), so a crash never leaves half a file or a moment where
 * the old entries are gone. The folder is synced after the rename, so the new name itself
 * survives a crash. A missing folder is made 0700; an existing one is left as it is.
 */
export async function writePrivateFile(path: string, text: string): Promise<void> {
  const folder = dirname(path);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  // node:crypto loads here, on the first write, not with every command that only reads a file.
  const { randomBytes } = await import('node:crypto');
  const temp = join(folder, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.chmod(0o600); // the umask can only narrow the mode, but say it outright
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
    await syncFolder(folder);
  } finally {
    // After a rename the temp name is gone and this does nothing; after a failure it cleans up.
    await rm(temp, { force: true });
  }
}

/**
 * Appends to a private file that `writePrivateFile` made, and syncs the appended bytes before it
 * resolves. It never creates the file (a missing one is an error), so every private file is still
 * 0600 from its first byte and begins with a whole write; and it never follows a symlink.
 */
export async function appendPrivateFile(path: string, text: string): Promise<void> {
  const handle = await open(path, constants.O_WRONLY | constants.O_APPEND | constants.O_NOFOLLOW);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Tightens an existing file that may hold secrets to 0600, saying so in one log line. A missing
 * file is fine (it is made 0600 when first written).
 */
export async function tightenFile(path: string, log: (line: string) => void): Promise<void> {
  const mode = await stat(path).then(
    (s) => s.mode & 0o777,
    () => null,
  );
  if (mode === null || (mode & 0o077) === 0) return;
  await chmod(path, 0o600);
  log(`[bridge] ${path} had mode ${mode.toString(8).padStart(4, '0')}; tightened to 0600`);
}
