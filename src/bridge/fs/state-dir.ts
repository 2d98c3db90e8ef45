import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Makes a folder exist with mode 0700 (tightening one that is wider). */
export async function privateFolder(path: string): Promise<string> {
  await mkdir(path, { recursive: true, mode: 0o700 });
  await chmod(path, 0o700);
  return path;
}

/**
 * `<state>/durable/<name>/`, the agent's own folder for cache and receipts. Each level is made
 * 0700 again at start: a folder loosened by hand must not leave the receipts readable.
 */
export async function agentStateDir(stateDir: string, name: string): Promise<string> {
  await privateFolder(stateDir);
  await privateFolder(join(stateDir, 'durable'));
  return privateFolder(join(stateDir, 'durable', name));
}
