import type { ConnectionState } from '../stores/connection-store';
import { t } from '../i18n';
import { updatedWords } from './updated-words';

/**
 * Says plainly when what shows is the last known state, why, and from when: the phone may be
 * showing what it kept from an earlier visit.
 */
export function ConnectionBanner({ state, updatedAt }: { state: ConnectionState; updatedAt: number | null }) {
  if (state !== 'offline' && state !== 'bridge-unreachable') return null;
  const offline = state === 'offline';
  const text =
    updatedAt === null
      ? t(offline ? 'connection.offline' : 'connection.bridgeUnreachable')
      : t(offline ? 'connection.offlineAt' : 'connection.unreachableAt', { time: updatedWords(updatedAt, Date.now()) });
  return (
    <p class="banner warn" role="alert" data-connection={state}>
      {text}
    </p>
  );
}
