/**
 * The crew's shared terms: its deadlines, what `collie crew list` and `collie doctor` are told,
 * how a member names the lead, the refusal the CLI shows as it is, and how the other bridge's
 * words are shown (cleaned, never raw). `crew.ts` keeps the crew itself.
 */
import { cleanField } from '../../wire/clean';
import { INVITATION_LIFETIME_WORDS } from '../../wire/pairing-link';
import { isRecord, str } from '../../wire/read';
import type { CrewTls } from './crew-call';

/**
 * Deadlines between bridges: the lead's call back to a joining member, a member's whole join
 * (which waits for that call back), and the word one side sends the other when it leaves.
 */
export const CREW_LIMITS = { helloMs: 5000, joinMs: 12_000, partingMs: 3000, replyBytes: 16 * 1024 };

/** A member's state as the lead last found it. `joined`: not read since it joined. */
export type MemberState = 'joined' | 'live' | 'not-answering' | 'refused';

export interface MemberListing {
  label: string;
  origin: string;
  joined: string;
  lastSeen: string | null;
  state: MemberState;
}

/** What `collie crew list` and `collie doctor` are told: never a key, nor a key's hash. */
export type CrewListing =
  | { role: 'none'; origin: string | null }
  | { role: 'lead'; origin: string | null; members: MemberListing[] }
  | { role: 'member'; origin: string | null; lead: { origin: string; label: string; joined: string; lastSeen: string | null } };

/** How a member's audit log and per-device caps name the lead. */
export const LEAD_DEVICE_ID = 'crew-lead';

/** A refusal the CLI shows as it is: one sentence. */
export class CrewRefusal extends Error {
  override readonly name = 'CrewRefusal';
}

export interface CrewOptions {
  stateDir: string;
  log: (line: string) => void;
  /** Tests: trust for the other bridges' throwaway CA, a fake clock, shorter deadlines. */
  tls?: CrewTls;
  now?: () => number;
  limits?: Partial<typeof CREW_LIMITS>;
}

/** This bridge's own HTTPS origin for the crew, or why it has none. */
export type OwnOrigin = { origin: string } | { origin: null; why: string };

export const CODE_WORDS = {
  used: `this join code was used already: collie crew invite on the lead makes another`,
  expired: `this join code has expired (a code lives ${INVITATION_LIFETIME_WORDS}): collie crew invite on the lead makes another`,
  unknown: 'this join code is not one the lead made',
} as const;

/** The other bridge's refusal, cleaned and cut as any untrusted text is, never quoted raw. */
export function remoteWords(json: unknown, status: number): string {
  const message = isRecord(json) ? str(json.message) : undefined;
  return message ? cleanField.line(message).text : `it answered ${status}`;
}
