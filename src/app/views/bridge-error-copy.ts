import { t, type MessageKey } from '../i18n';

/** The bridge's refusals a tap can meet, by their JSON error code (WIRE.md's phone API list). */
const ERROR_COPY: Record<string, MessageKey> = {
  'bad-answer': 'error.badAnswer',
  'allow-always-not-offered': 'error.allowAlwaysNotOffered',
  'second-tap-required': 'error.secondTapRequired',
  'watch-only': 'error.watchOnly',
  'not-paired': 'error.notPaired',
  'too-large': 'error.tooLarge',
  'request-id-reused': 'error.requestIdReused',
  'no-such-agent': 'error.noSuchAgent',
  'no-such-pane': 'error.noSuchPane',
  'not-found': 'error.notFound',
  empty: 'error.empty',
  'bad-request': 'error.badRequest',
  'cross-origin': 'error.crossOrigin',
  'unsupported-media-type': 'error.badRequest',
  'agent-refused': 'error.agentRefused',
  'caller-refused': 'error.callerRefused',
};

/**
 * A refusal by the bridge in the phone's language. The phone keeps the code, never the bridge's
 * English message; a code this build does not know is named as it is.
 */
export function bridgeErrorText(code: string): string {
  return Object.hasOwn(ERROR_COPY, code) ? t(ERROR_COPY[code]!) : t('error.other', { code });
}
