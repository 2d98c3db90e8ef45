import type { SendRow, SendStatus } from '../../wire/bridge-json';
import type { AgentStore } from '../poll/agent-store';
import type { Ledger } from '../receipts/ledger';

/** How many of a pane's sends the phone lists under "Recent sends". */
export const RECENT_SENDS = 10;

const STATUS: Record<string, SendStatus> = {
  new: 'sending',
  sending: 'sending',
  sent: 'sent',
  steered: 'sent',
  queued: 'queued',
  refused: 'refused',
  'not-sent': 'not-sent',
  unknown: 'unknown',
  'maybe-applied': 'maybe-applied',
};

/**
 * A pane's recent sends and steers from the bridge's receipts, newest first. A send is
 * `effective` once the agent has written a `user` item naming its request id.
 */
export function sendRows(ledger: Ledger, store: AgentStore, paneId: string): SendRow[] {
  const named = new Set<string>();
  for (const entry of store.panes.get(paneId)?.entries ?? []) {
    if (entry.type === 'item' && entry.item.kind === 'user' && entry.item.requestId) named.add(entry.item.requestId);
  }
  return ledger
    .all()
    .filter((r) => r.act === 'send' && r.target.paneId === paneId)
    .slice(-RECENT_SENDS)
    .reverse()
    .map((r) => {
      const row: SendRow = { requestId: r.requestId, steer: r.target.steer === true, status: named.has(r.requestId) ? 'effective' : (STATUS[r.status] ?? 'unknown'), at: r.at };
      if (typeof r.details.reason === 'string' && row.status === 'refused') row.reason = r.details.reason;
      return row;
    });
}
