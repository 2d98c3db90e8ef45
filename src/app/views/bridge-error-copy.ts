import type { PhoneErrorCode } from '../../wire/phone-errors';
import { t, type MessageKey } from '../i18n';

/**
 * The bridge's error codes (`PHONE_ERROR_CODES`) in the phone's words: every code has its row, so
 * a new code is a type error until it is decided here. `null`: a tap never reads that code as a
 * sentence (a read, pairing or notifications word it where they meet it, a 5xx reads as unknown),
 * so it stays named as it is, like a code this build does not know.
 */
export const ERROR_COPY: Readonly<Record<PhoneErrorCode, MessageKey | null>> = {
  'bad-request': 'error.badRequest',
  'not-found': 'error.notFound',
  'method-not-allowed': null,
  'unsupported-media-type': 'error.badRequest',
  'too-large': 'error.tooLarge',
  'unknown-host': null,
  'cross-origin': 'error.crossOrigin',
  'not-paired': 'error.notPaired',
  'watch-only': 'error.watchOnly',
  'invitation-used': null,
  'invitation-expired': null,
  'invitation-unknown': null,
  'invitation-refused': null,
  'too-many-tries': null,
  'no-such-device': null,
  'no-such-agent': 'error.noSuchAgent',
  'no-such-pane': 'error.noSuchPane',
  'no-such-conversation': null,
  'no-history': null,
  'too-many-waits': null,
  'agent-refused': 'error.agentRefused',
  'agent-unreachable': null,
  'request-id-reused': 'error.requestIdReused',
  empty: 'error.empty',
  'too-long': null,
  'bad-answer': 'error.badAnswer',
  'allow-always-not-offered': 'error.allowAlwaysNotOffered',
  'second-tap-required': 'error.secondTapRequired',
  'caller-refused': 'error.callerRefused',
  'no-push': null,
  'bad-endpoint': null,
  'bad-subscription': null,
  'not-subscribed': null,
  internal: null,
};

/**
 * A refusal by the bridge in the phone's language. The phone keeps the code, never the bridge's
 * English message; a code without words here, or one this build does not know, is named as it is.
 */
export function bridgeErrorText(code: string): string {
  const key = Object.hasOwn(ERROR_COPY, code) ? ERROR_COPY[code as PhoneErrorCode] : null;
  return key ? t(key) : t('error.other', { code });
}
