import type { ComponentChildren } from 'preact';
import { useContext, useEffect } from 'preact/hooks';
import { t } from '../i18n';
import { hrefOf } from '../routes';
import type { ActsStore } from '../stores/acts-store';
import type { ConversationsStore } from '../stores/conversations-store';
import { agentStatusText, reasonText } from './agent-status';
import { useCanAct } from './can-act';
import { Drafts, unsentText } from './drafts';
import { ClosedRow, OpenRow } from './list/conversation-row';
import { useNow } from './time/use-now';
import { hasManage } from './manage/has-manage';
import { Starters } from './starters';

function Section({ id, title, children }: { id: string; title: string; children: ComponentChildren }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

/**
 * An agent's conversations like a messenger's list: those that need you, the other open ones,
 * then Closed, each the most recently active first, with the person's unsent drafts marked; its starters. Renaming and closing workspaces and tabs live on the Manage
 * screen, one link away, so the list holds only what opens a chat.
 */
export function ConversationsView({ store, acts, agentName }: { store: ConversationsStore; acts: ActsStore; agentName: string }) {
  useEffect(() => store.show(agentName), [store, agentName]);
  const canAct = useCanAct();
  const now = useNow();
  const drafts = useContext(Drafts);
  const agent = store.agent.value;
  const historyKept = agent?.caps?.history === true;
  useEffect(() => {
    if (historyKept) void store.loadMoreClosed();
  }, [store, agentName, historyKept]);
  const needsYou = store.needsYou.value;
  const open = store.open.value;
  const closed = store.closed.value;
  const status = agent ? agentStatusText(agent) : null;
  if (store.missing.value) {
    return (
      <main class="screen conversations">
        <p class="banner" role="status">
          {t('conversations.notFound')}
        </p>
      </main>
    );
  }
  return (
    <main class={`screen conversations${store.stale.value || status ? ' stale' : ''}`}>
      {agent?.status === 'version-mismatch' && reasonText(agent) && (
        <p class="banner warn" role="alert">
          {reasonText(agent)}
        </p>
      )}
      {status && agent?.status !== 'version-mismatch' && (
        <p class="banner" role="status">
          {status}
        </p>
      )}
      {canAct && <Starters acts={acts} agentName={agentName} starters={store.starters.value} caps={agent?.caps ?? null} />}
      {needsYou.length > 0 && (
        <Section id="needs-you-heading" title={t('conversations.needsYou')}>
          <ul class="conversation-list">
            {needsYou.map((row) => (
              <OpenRow key={row.paneId} agent={agentName} row={row} now={now} draft={unsentText(drafts, agentName, row.paneId)} />
            ))}
          </ul>
        </Section>
      )}
      {open.length > 0 && (
        <Section id="open-heading" title={t('conversations.open')}>
          <ul class="conversation-list">
            {open.map((row) => (
              <OpenRow key={row.paneId} agent={agentName} row={row} now={now} draft={unsentText(drafts, agentName, row.paneId)} />
            ))}
          </ul>
        </Section>
      )}
      {agent && needsYou.length + open.length === 0 && <p class="muted">{t('conversations.none')}</p>}
      {historyKept && (
        <Section id="closed-heading" title={t('conversations.closed')}>
          {closed.length > 0 && (
            <ul class="conversation-list">
              {closed.map((row) => (
                <ClosedRow key={row.id} agent={agentName} row={row} now={now} />
              ))}
            </ul>
          )}
          {closed.length === 0 && !store.hasMoreClosed.value && <p class="muted">{t('conversations.closedNone')}</p>}
          {store.closedError.value && <p class="banner warn">{t('conversations.closedFailed')}</p>}
          {store.hasMoreClosed.value && closed.length > 0 && (
            <button type="button" class="more" onClick={() => void store.loadMoreClosed()}>
              {t('conversations.showMore')}
            </button>
          )}
        </Section>
      )}
      {canAct && hasManage(agent?.caps, store.layout.value.length) && (
        <a class="manage-link" href={hrefOf({ screen: 'manage', agent: agentName })}>
          {t('manage.link')}
        </a>
      )}
    </main>
  );
}
