import type { ConnectionState } from '../stores/connection-store';
import { t } from '../i18n';

/** Says plainly when what shows is the last known state, and why. */
export function ConnectionBanner({ state }: { state: ConnectionState }) {
  if (state === 'offline')
    return (
      <p class="banner warn" role="alert" data-connection="offline">
        {t('connection.offline')}
      </p>
    );
  if (state === 'bridge-unreachable')
    return (
      <p class="banner warn" role="alert" data-connection="bridge-unreachable">
        {t('connection.bridgeUnreachable')}
      </p>
    );
  return null;
}
