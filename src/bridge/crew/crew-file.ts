import { join } from 'node:path';
import { looksLikeSecret } from '../../wire/pairing-link';
import { isRecord, str, time } from '../../wire/read';
import { FatalConfigError } from '../config/config';
import { checkName } from '../config/source-rules';
import { readKeptJson } from '../config/kept-json';
import { writePrivateFile } from '../fs/private-file';

/**
 * A member as the lead keeps it. `key` is the lead's own key for this member, which the lead
 * presents on every call to it (so it must keep it whole); the member's key, which the member
 * presents to the lead, is kept only as its SHA-256.
 */
export interface CrewMember {
  label: string;
  /** The member's HTTPS origin, as it gave it at join and the lead reached it back there. */
  origin: string;
  key: string;
  memberKeyHash: string;
  joined: string;
}

/** The lead as a member keeps it: the lead's key only as its hash; the member's own key whole. */
export interface CrewLead {
  origin: string;
  /** This member's label in the lead's crew. */
  label: string;
  leadKeyHash: string;
  key: string;
  joined: string;
}

/** A bridge leads members, or is a member of one lead, or neither; never both. */
export interface CrewData {
  lead: CrewLead | null;
  members: CrewMember[];
}

export const crewPath = (stateDir: string) => join(stateDir, 'crew.json');

export const NO_CREW: CrewData = { lead: null, members: [] };

/**
 * Reads `<state>/crew.json` strictly, as `devices.json` is read: a file that is there but does not
 * parse, or holds an entry that breaks the rules, stops the bridge with one `[bridge] FATAL:` line
 * (a crew must never be silently dropped, nor a stranger let in). The text is never quoted.
 */
export async function readCrew(stateDir: string, log: (line: string) => void): Promise<CrewData> {
  const path = crewPath(stateDir);
  const kept = await readKeptJson(path, log);
  return kept ? parseCrew(kept.raw, path) : NO_CREW;
}

/** The crew a parsed crew.json holds; anything malformed is a FatalConfigError naming `path`. */
export function parseCrew(raw: unknown, path: string): CrewData {
  if (!isRecord(raw) || !Array.isArray(raw.members) || !('lead' in raw)) throw new FatalConfigError(`${path} must hold { "lead": …, "members": [ … ] }`);
  const lead = raw.lead === null ? null : parseLead(raw.lead);
  if (lead === undefined) throw new FatalConfigError(`${path}: the lead is malformed (origin, label, leadKeyHash, key, joined are required)`);
  const members = raw.members.map((entry, index) => {
    const member = parseMember(entry);
    if (!member) throw new FatalConfigError(`${path}: member ${index + 1} is malformed (label, origin, key, memberKeyHash, joined are required)`);
    return member;
  });
  const labels = new Set<string>();
  for (const { label } of members) {
    if (labels.has(label)) throw new FatalConfigError(`${path}: the label "${label}" is given twice`);
    labels.add(label);
  }
  if (lead && members.length > 0) throw new FatalConfigError(`${path}: a bridge is a lead or a member of a crew, not both`);
  return { lead, members };
}

export function writeCrew(stateDir: string, crew: CrewData): Promise<void> {
  return writePrivateFile(crewPath(stateDir), `${JSON.stringify(crew, null, 2)}\n`);
}

/** An HTTPS origin, nothing after it: how one bridge names another. Null when it is not one. */
export function crewOrigin(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 512) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
  return url.origin;
}

const isHash = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);

function parseMember(raw: unknown): CrewMember | null {
  if (!isRecord(raw)) return null;
  const label = str(raw.label);
  const origin = crewOrigin(raw.origin);
  const joined = time(raw.joined);
  if (label === undefined || checkName(label) || !origin || !looksLikeSecret(raw.key) || !isHash(raw.memberKeyHash) || !joined) return null;
  return { label, origin, key: raw.key, memberKeyHash: raw.memberKeyHash, joined };
}

function parseLead(raw: unknown): CrewLead | undefined {
  if (!isRecord(raw)) return undefined;
  const label = str(raw.label);
  const origin = crewOrigin(raw.origin);
  const joined = time(raw.joined);
  if (label === undefined || checkName(label) || !origin || !looksLikeSecret(raw.key) || !isHash(raw.leadKeyHash) || !joined) return undefined;
  return { origin, label, leadKeyHash: raw.leadKeyHash, key: raw.key, joined };
}
