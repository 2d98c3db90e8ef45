import { useLayoutEffect } from 'preact/hooks';
import { t } from '../i18n';
import type { ConnectionStore } from '../stores/connection-store';
import type { DashboardStore } from '../stores/dashboard-store';
import { AgentList } from './agent-list';
import { lazyScreen } from './lazy-screen';
import { InboxSection } from './inbox/inbox-section';
import { IosHomeScreenHint } from './pwa/ios-hint';
import type { InstallStore } from '../pwa/install-store';

function BridgeSection({ dashboard, connection }: { dashboard: DashboardStore; connection: ConnectionStore }) {
  const state = connection.state.value;
  const waiting = dashboard.agents.value.reduce((sum, a) => sum + (a.status === 'ok' ? a.needsYou : 0), 0);
  return (
    <section class="bridge-section" aria-labelledby="bridge-heading">
      <h2 id="bridge-heading">{t('dashboard.bridge')}</h2>
      <p class="bridge-card">
        <span>
          {t(state === 'live' ? 'connection.live' : state === 'connecting' ? 'connection.connecting' : state === 'offline' ? 'connection.offline' : 'connection.bridgeUnreachable')}
        </span>
        {dashboard.durable.value && <span class="muted">{t('dashboard.agentsAttached', { count: dashboard.agents.value.length })}</span>}
        {waiting > 0 && <span class="count-needs-you">{t('dashboard.waitingTotal', { count: waiting })}</span>}
      </p>
    </section>
  );
}

/** Only the lead of a crew groups its agents by machine: that code loads when a dashboard first has machines. */
const MachineGroups = lazyScreen(() => import('./machine-groups').then((m) => m.MachineGroups));
/** A device waiting to pair is rare: its card's code loads when one first waits. */
const PairingRequests = lazyScreen(() => import('./pairing/pairing-requests').then((m) => m.PairingRequests));

/**
 * The dashboard. A device waiting for this phone's Allow comes first; while any ask waits, the
 * Durable agents section moves above everything else, with "Needs you" (every open ask, oldest
 * first) right under it.
 */
export function DashboardView({ store, connection, install }: { store: DashboardStore; connection: ConnectionStore; install?: InstallStore }) {
  // Started before the first paint, not after it: when the first read has its answer already
  // (start/wait-for-first-data.ts), its data is drawn in this same frame instead of one empty frame earlier.
  useLayoutEffect(() => store.start(), [store]);
  const agents = store.agents.value;
  const durable =
    store.durable.value === true ? (
      <section key="durable" class={`durable-section${store.stale.value ? ' stale' : ''}`} aria-labelledby="durable-heading" data-waiting={String(store.anyoneWaiting.value)}>
        <h2 id="durable-heading">{t('durable.section')}</h2>
        {store.machines.value.length > 0 ? (
          <MachineGroups agents={agents} machines={store.machines.value} />
        ) : agents.length === 0 ? (
          <p class="muted">{t('durable.none')}</p>
        ) : (
          <AgentList agents={agents} />
        )}
      </section>
    ) : null;
  const bridge = <BridgeSection key="bridge" dashboard={store} connection={connection} />;
  const inbox = store.durable.value === true ? <InboxSection key="inbox" inbox={store.inbox.value} stale={store.stale.value} /> : null;
  const pairing = store.pairing.value;
  return (
    <main class="screen dashboard">
      {pairing.length > 0 && <PairingRequests requests={pairing} decide={store.decidePairing} />}
      {store.anyoneWaiting.value ? [durable, inbox, bridge] : [bridge, durable]}
      {install && <IosHomeScreenHint install={install} />}
    </main>
  );
}
