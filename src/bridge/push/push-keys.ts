import { readKeptJson } from '../config/kept-json';
import { join } from 'node:path';
import { isRecord, str } from '../../wire/read';
import { FatalConfigError } from '../config/config';
import { writePrivateFile } from '../fs/private-file';
import { webPush } from './web-push-lib';

/** The bridge's VAPID key pair (base64url, as `web-push` makes them): it signs every push. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export const pushFolder = (stateDir: string) => join(stateDir, 'push');
export const keysPath = (stateDir: string) => join(pushFolder(stateDir), 'vapid.json');

/**
 * Reads the key pair, or null when none was made yet. The private key must be kept as it is (a
 * hash could not sign), so the file is 0600 and never printed; a wider one is tightened. A file
 * that is there but broken stops the bridge: new keys would silently orphan every phone's
 * subscription.
 */
export async function readKeys(stateDir: string, log: (line: string) => void): Promise<VapidKeys | null> {
  const path = keysPath(stateDir);
  const notKeys = `${path} is not a VAPID key pair { publicKey, privateKey }: remove it and turn notifications on again on each phone`;
  const kept = await readKeptJson(path, log, () => notKeys);
  if (!kept) return null;
  const raw = kept.raw;
  const publicKey = isRecord(raw) ? str(raw.publicKey) : undefined;
  const privateKey = isRecord(raw) ? str(raw.privateKey) : undefined;
  if (!publicKey || !privateKey || !/^[A-Za-z0-9_-]{80,100}$/.test(publicKey) || !/^[A-Za-z0-9_-]{40,50}$/.test(privateKey)) throw new FatalConfigError(notKeys);
  return { publicKey, privateKey };
}

/** The keys, made on first need: the first call makes and writes them once; every later call gets the same pair. */
export class PushKeys {
  private made: Promise<VapidKeys> | null;

  constructor(
    private readonly stateDir: string,
    kept: VapidKeys | null,
    private readonly log: (line: string) => void,
  ) {
    this.made = kept ? Promise.resolve(kept) : null;
  }

  get isSet(): boolean {
    return this.made !== null;
  }

  keys(): Promise<VapidKeys> {
    if (!this.made) {
      const made = webPush().then(async (lib) => {
        const keys = lib.generateVAPIDKeys();
        await writePrivateFile(keysPath(this.stateDir), `${JSON.stringify(keys)}\n`);
        this.log('[bridge] push: made the VAPID keys');
        return keys;
      });
      // A failed write is tried again by the next caller, never kept as the answer.
      made.catch(() => (this.made = null));
      this.made = made;
    }
    return this.made;
  }
}
