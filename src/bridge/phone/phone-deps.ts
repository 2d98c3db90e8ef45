import type { AuditLog } from '../acts/audit-log';
import type { ConversationLocks } from '../acts/conversation-lock';
import type { AgentHandle } from '../agent-handle';
import type { DeviceStore } from '../pairing/device-store';
import type { FailureLimit } from '../pairing/failure-limit';
import type { Invitations } from '../pairing/invitations';
import type { PairingRequests } from '../pairing/pairing-requests';
import type { ChatVersions } from './chat-versions';
import type { PushRoom } from '../push/push';
import type { Crew } from '../crew/crew';
import type { CrewViews } from '../crew/crew-views';
import type { CrewActs } from '../crew/crew-acts';
import { LONG_POLL_MS, type ViewRenders } from './long-poll';

/**
 * What one phone (or anything else that reaches the port) may hold of the bridge: a request must
 * arrive whole, headers and body, within `requestMs`; at most `connections` are open at once, of
 * which at most `waitingAtOnce` (`waitingPerAddress` from one address) still wait for their first
 * request's headers (past that the oldest such is closed: `connection-guard.ts`);
 * one device holds at most `heldPerDevice` long-polls (a phone needs one per screen). A phone
 * that holds one of a chat's last `chatVersions` renderings is sent only what changed since
 * (`?delta=1`), for the `chatViews` chats rendered last; an older version gets the whole view. A
 * chat read with `?tail=1` carries only its newest `chatTail` entries (a phone opening a chat reads
 * and draws these, and the whole chat only once the reader scrolls up to them). A device waiting
 * for a paired phone's Allow is held `pairWaitMs` at most per ask (then `202`: it asks again).
 */
export const PHONE_LIMITS = {
  requestMs: 10_000,
  connections: 256,
  waitingAtOnce: 64,
  waitingPerAddress: 16,
  heldPerDevice: 16,
  chatVersions: 8,
  chatViews: 32,
  chatTail: 200,
  pairWaitMs: LONG_POLL_MS,
};

export interface PhoneApiDeps {
  /** The address the bridge listens on (a name the API answers to besides addresses and localhost). */
  host: string;
  agents: Map<string, AgentHandle>;
  locks: ConversationLocks;
  audit: AuditLog;
  durable: boolean;
  /** Called as a phone's read starts; the returned call ends it. Pollers speed up while a phone looks. */
  phoneLooking: () => () => void;
  log: (line: string) => void;
  /** The paired devices and the open invitations: every route but pairing itself needs a device. */
  devices: DeviceStore;
  invitations: Invitations;
  /** Devices that opened a valid link while a phone that may act was paired: each waits for that phone's Allow. */
  pairingRequests: PairingRequests;
  /** Served over HTTPS (the cookie is then `Secure`). */
  secure: boolean;
  /** Names the phone may use for this bridge besides its own (a TLS proxy's, from `--public-origin`). */
  publicHosts?: string[];
  /** Serve HTTPS with this certificate and key (PEM). */
  tls?: { cert: string; key: string };
  appDir?: string;
  /** Notifications for questions (the push routes answer 404 without it). */
  push?: PushRoom;
  /** Tests shorten these; see `PHONE_LIMITS`. */
  limits?: Partial<typeof PHONE_LIMITS>;
  /** The crew of bridges this one leads or belongs to: its `/crew/` paths answer other bridges. */
  crew?: Crew;
  /** On the lead of a crew: its members' views, read as a phone reads them, beside this bridge's own agents. */
  crewViews?: CrewViews;
  /** On the lead of a crew: a phone's writes to a member's agent, forwarded to the member once. */
  crewActs?: CrewActs;
}

/** What every request of one phone server shares. */
export interface ServerContext {
  deps: PhoneApiDeps;
  limits: typeof PHONE_LIMITS;
  startedAt: number;
  renders: ViewRenders;
  /** Each chat view's recent renderings, for deltas. */
  chatVersions: ChatVersions;
  /** Long-polls held now, per device. */
  held: Map<string, number>;
  /** Wrong pairing secrets per address. */
  failures: FailureLimit;
  /** Aborted when a device is revoked: its held long-polls end at once. */
  revoked: Map<string, AbortController>;
}
