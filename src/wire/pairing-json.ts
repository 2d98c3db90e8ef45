/** The bridge's JSON for pairing a phone: this device, an invitation redeemed, a device waiting for a paired phone's Allow. */
/** What a device may do: `control` reads and acts; `watch` reads only. */
export type DeviceRole = 'control' | 'watch';

/** This phone as the bridge knows it (never its credential). */
export interface DeviceJson {
  id: string;
  name: string;
  role: DeviceRole;
}

/** `POST /api/pair` with an invitation's secret; the credential comes back as an HttpOnly cookie only. */
export interface PairRequest {
  secret: string;
  /** The name the browser suggests, used when the invitation names none. */
  name?: string;
}

/**
 * `POST /api/pair`'s reply: this phone's device (its cookie is set), or, while a phone paired
 * already must allow it, `waiting` (202): the phone asks again with the same link until a paired
 * phone decides or the link expires.
 */
export type PairReply = { device: DeviceJson } | { waiting: { expiresAt: string } };

/** Where a pairing link was made, as a paired phone is shown it before it allows a new device. */
export interface LinkMadeJson {
  by: 'collie pair' | 'collie start';
  pid?: number;
  /** The command line of the process that asked for the link, cleaned and cut. */
  command?: string;
  /** Its terminal (`pts/3`), or null when it ran with none. */
  terminal?: string | null;
}

/** A device waiting for a paired phone's Allow: what the dashboard's card shows. */
export interface PairingRequestJson {
  id: string;
  name: string;
  role: DeviceRole;
  /** Null when the bridge could not tell (no Bun, not Linux). */
  made: LinkMadeJson | null;
  madeAt: string;
  /** Where the link was opened: the address the request came from and the browser it named. */
  from: { address: string; browser: string };
  askedAt: string;
  expiresAt: string;
}

/** `POST /api/pairing/:requestId`: a paired phone's answer to a device waiting to pair. */
export interface PairingDecision {
  allow: boolean;
}
/** `gone`: no device waits under that id any more (decided elsewhere, or its link expired). */
export interface PairingDecisionReply {
  outcome: 'allowed' | 'refused' | 'gone';
}
