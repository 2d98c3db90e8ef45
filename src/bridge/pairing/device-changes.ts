import { str } from '../../wire/read';
import type { AuditLog } from '../acts/audit-log';
import { HttpError } from '../http/http-error';
import type { DeviceInfo, DeviceStore } from './device-store';

/**
 * Renaming and revoking a paired device, each with its audit line: the one way both doors do it,
 * the phone for its own device (Settings) and `collie devices` for any device (the control socket).
 * Each returns null when no device has the id; the door says what that means to its caller.
 */
export async function renameDevice(devices: DeviceStore, audit: AuditLog, id: string, given: unknown): Promise<DeviceInfo | null> {
  const name = str(given);
  if (name === undefined || name.trim() === '') throw new HttpError(400, 'bad-request', 'a name is required');
  const device = await devices.rename(id, name);
  if (device) await audit.record(null, device, 'device.rename', { id, name: device.name });
  return device;
}

/** Takes effect at once: the device's long-polls end and its next request is 401. */
export async function revokeDevice(devices: DeviceStore, audit: AuditLog, id: string): Promise<DeviceInfo | null> {
  const device = devices.get(id);
  if (!device || !(await devices.revoke(id))) return null;
  await audit.record(null, device, 'device.revoke', { id });
  return device;
}
