import { randomBytes } from 'node:crypto';
import { cleanField } from '../../wire/clean';
import { readDevices, writeDevices, type Device, type Role } from './device-file';
import { looksLikeSecret } from '../../wire/pairing-link';
import { hashSecret, mintSecret, secretMatches } from './secrets';

/** A device's "last seen" is written at most this often: it is a hint, not a log. */
export const SEEN_WRITE_MS = 60_000;

/** What a phone is told of itself, and what the CLI lists: never the credential or its hash. */
export type DeviceInfo = Omit<Device, 'credentialHash'>;
export const deviceInfo = ({ credentialHash: _, ...info }: Device): DeviceInfo => info;

/**
 * The paired devices of one bridge, kept in `<state>/devices.json` (0600). A device proves
 * itself with a credential `<id>.<secret>` (the cookie the phone holds); only the secret's hash
 * is kept. Revoking a device tells its listeners at once, so its open long-polls end.
 */
export class DeviceStore {
  private readonly revokeListeners = new Set<(id: string) => void>();
  private readonly seenWritten = new Map<string, number>();
  /** Writes of the file, one after another, so a later state never loses to an earlier one. */
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly stateDir: string,
    private devices: Device[],
    private readonly now: () => number,
  ) {}

  static async open(stateDir: string, log: (line: string) => void, now: () => number = Date.now): Promise<DeviceStore> {
    return new DeviceStore(stateDir, await readDevices(stateDir, log), now);
  }

  list(): DeviceInfo[] {
    return this.devices.map(deviceInfo);
  }

  get(id: string): DeviceInfo | undefined {
    const device = this.devices.find((d) => d.id === id);
    return device && deviceInfo(device);
  }

  /** A new device; its credential is returned once, for the phone's cookie, and never kept. */
  async add(name: string, role: Role): Promise<{ device: DeviceInfo; credential: string }> {
    const id = `d-${randomBytes(6).toString('hex')}`;
    const secret = mintSecret();
    const device: Device = { id, name: deviceName(name), role, credentialHash: hashSecret(secret), created: new Date(this.now()).toISOString(), lastSeen: null };
    this.devices = [...this.devices, device];
    await this.save();
    return { device: deviceInfo(device), credential: `${id}.${secret}` };
  }

  /** The device a credential proves, or null; a match marks it seen. */
  authenticate(credential: string | undefined): DeviceInfo | null {
    if (credential === undefined) return null;
    const dot = credential.indexOf('.');
    const id = credential.slice(0, dot);
    const secret = credential.slice(dot + 1);
    if (dot < 1 || !looksLikeSecret(secret)) return null;
    const device = this.devices.find((d) => d.id === id);
    if (!device || !secretMatches(secret, device.credentialHash)) return null;
    this.markSeen(device);
    return deviceInfo(device);
  }

  async rename(id: string, name: string): Promise<DeviceInfo | null> {
    const device = this.devices.find((d) => d.id === id);
    if (!device) return null;
    device.name = deviceName(name);
    await this.save();
    return deviceInfo(device);
  }

  /** Removes the device: its credential stops working with the next request, and its listeners hear it now. */
  async revoke(id: string): Promise<boolean> {
    const before = this.devices.length;
    this.devices = this.devices.filter((d) => d.id !== id);
    if (this.devices.length === before) return false;
    await this.save();
    for (const listener of this.revokeListeners) listener(id);
    return true;
  }

  onRevoke(listener: (id: string) => void): () => void {
    this.revokeListeners.add(listener);
    return () => this.revokeListeners.delete(listener);
  }

  private markSeen(device: Device): void {
    const now = this.now();
    device.lastSeen = new Date(now).toISOString();
    if (now - (this.seenWritten.get(device.id) ?? -Infinity) < SEEN_WRITE_MS) return;
    this.seenWritten.set(device.id, now);
    this.save().catch(() => undefined); // a hint: the next write carries it if this one fails
  }

  /** Resolves once every write begun so far is on disk (or failed). */
  settled(): Promise<void> {
    return this.writing.catch(() => undefined);
  }

  private save(): Promise<void> {
    const devices = this.devices.map((d) => ({ ...d }));
    const written = this.writing.catch(() => undefined).then(() => writeDevices(this.stateDir, devices));
    this.writing = written;
    return written;
  }
}

/** A device's name as shown: cleaned, cut, never empty. */
export function deviceName(raw: string): string {
  return cleanField.label(raw.trim()).text || 'Phone';
}
