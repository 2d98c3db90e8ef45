import { cleanField } from './clean';
import { isValidEpoch } from './epoch-rule';
import { SERVICE_NAME } from './wire-protocol';
import { bool, count, isRecord, oneOf, str } from './read';
import { CALLER_CHECKS, CAP_NAMES, type Caps, type Hello, type VersionRange } from './types';

export type HelloResult = { ok: true; hello: Hello } | { ok: false; error: 'wrong-service' | 'malformed' };

export function parseRange(raw: unknown): VersionRange | null {
  if (!isRecord(raw)) return null;
  const min = count(raw.min);
  const max = count(raw.max);
  return min !== undefined && max !== undefined && min >= 1 && min <= max ? { min, max } : null;
}

export function parseHello(raw: unknown): HelloResult {
  if (!isRecord(raw)) return { ok: false, error: 'malformed' };
  // A listener that does not say it is a durable agent is some other server: no further calls.
  if (raw.service !== SERVICE_NAME) return { ok: false, error: 'wrong-service' };
  const protocol = parseRange(raw.protocol);
  const host = isRecord(raw.host) ? raw.host : undefined;
  const name = str(host?.name);
  if (!protocol || name === undefined || !isValidEpoch(raw.epoch)) return { ok: false, error: 'malformed' };
  const caps = {} as Caps;
  const rawCaps = isRecord(raw.caps) ? raw.caps : {};
  for (const cap of CAP_NAMES) caps[cap] = bool(rawCaps[cap]) ?? false;
  const hello: Hello = {
    service: SERVICE_NAME,
    protocol,
    host: { name: cleanField.hostName(name).text },
    epoch: raw.epoch,
    ready: bool(raw.ready) ?? false,
    caps,
  };
  const runtime = str(host?.runtime);
  if (runtime) hello.host.runtime = cleanField.label(runtime).text;
  const callerCheck = oneOf(host?.callerCheck, CALLER_CHECKS);
  if (callerCheck) hello.host.callerCheck = callerCheck;
  return { ok: true, hello };
}

/** The highest version both ranges hold, or null when they do not meet. */
export function pickVersion(ours: VersionRange, theirs: VersionRange): number | null {
  const top = Math.min(ours.max, theirs.max);
  return top >= Math.max(ours.min, theirs.min) ? top : null;
}
