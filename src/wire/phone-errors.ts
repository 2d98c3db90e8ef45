/**
 * Every error code the bridge answers with (`HttpError`, on the phone's API and the CLI's control
 * socket): the one list. The phone words each code or says it shows it as a code
 * (`bridge-error-copy.ts`, keyed by this list); `BridgeError.code` stays a string, because a
 * newer bridge may send a code this phone does not know.
 */
export const PHONE_ERROR_CODES = [
  // The request itself and the gate in front of every route.
  'bad-request',
  'not-found',
  'method-not-allowed',
  'unsupported-media-type',
  'too-large',
  'unknown-host',
  'cross-origin',
  'not-paired',
  'watch-only',
  // Pairing and the devices (`no-such-device` on the control socket).
  'invitation-used',
  'invitation-expired',
  'invitation-unknown',
  'invitation-refused',
  'too-many-tries',
  'no-such-device',
  // Reads.
  'no-such-agent',
  'no-such-pane',
  'no-such-conversation',
  'no-history',
  'too-many-waits',
  'agent-refused',
  'agent-unreachable',
  // Writes: acts and answers.
  'request-id-reused',
  'empty',
  'too-long',
  'bad-answer',
  'allow-always-not-offered',
  'second-tap-required',
  'caller-refused',
  // Notifications.
  'no-push',
  'bad-endpoint',
  'bad-subscription',
  'not-subscribed',
  // Anything else that went wrong in the bridge.
  'internal',
] as const;
export type PhoneErrorCode = (typeof PHONE_ERROR_CODES)[number];

export interface BridgeError {
  code: string;
  message: string;
  /** With 429: seconds to wait before trying again. */
  retryAfter?: number;
}
