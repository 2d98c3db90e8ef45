import { hrefOf, type Route } from './routes';

/** Moves to a screen the way a tapped link would: the router follows the hash. */
export function go(route: Route): void {
  location.hash = hrefOf(route);
}

/** Where an act that opened a pane (a starter, a reopen) leads, if it did. */
export function openedPane(agent: string, reply: { outcome: string; paneId?: string } | null): Route | null {
  if (!reply?.paneId || reply.outcome === 'refused' || reply.outcome === 'unknown' || reply.outcome === 'maybe-applied') return null;
  return { screen: 'chat', agent, paneId: reply.paneId };
}
