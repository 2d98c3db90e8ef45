import { isValidId } from '../wire/ids';

export type Route =
  | { screen: 'dashboard' }
  | { screen: 'settings' }
  /** Every agent's conversations searched; `q`, what was asked last (Back returns to its results). */
  | { screen: 'search'; q?: string }
  | { screen: 'agent'; agent: string }
  /** An agent's workspaces and tabs, to rename or close. */
  | { screen: 'manage'; agent: string }
  /** With `askId`: opened at that ask's card (the dashboard's inbox links here); with `entryId`, at that entry (a search's hit). */
  | { screen: 'chat'; agent: string; paneId: string; askId?: string; entryId?: string }
  | { screen: 'closed'; agent: string; conversationId: string; entryId?: string };

/**
 * Routes live in the hash, so the bridge serves one shell for every screen. This file is the one
 * reading and writing of them: the app's screens and the service worker's notifications (which
 * open a chat at its card) both use it. A pane or conversation id that breaks the wire's id rule
 * (such as `.` or `..`, which a URL would read as a dot segment) names nothing: the route falls
 * back to the agent's list (an ask id that breaks it, to the chat without a card to open at).
 */
export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(safeDecode);
  if (parts[0] === 'settings' && parts.length === 1) return { screen: 'settings' };
  if (parts[0] === 'search') return parts[1] ? { screen: 'search', q: parts[1] } : { screen: 'search' };
  if (parts[0] === 'agent' && parts[1] !== undefined) {
    const agent = parts[1];
    const id = parts[3];
    const entryId = parts[4] === 'entry' && isValidId(parts[5]) ? { entryId: parts[5] } : {};
    if (parts[2] === 'chat' && isValidId(id)) {
      const askId = parts[4] === 'ask' ? parts[5] : undefined;
      return isValidId(askId) ? { screen: 'chat', agent, paneId: id, askId } : { screen: 'chat', agent, paneId: id, ...entryId };
    }
    if (parts[2] === 'closed' && isValidId(id)) return { screen: 'closed', agent, conversationId: id, ...entryId };
    if (parts[2] === 'manage' && parts.length === 3) return { screen: 'manage', agent };
    return { screen: 'agent', agent };
  }
  return { screen: 'dashboard' };
}

export function hrefOf(route: Route): string {
  const seg = encodeURIComponent;
  switch (route.screen) {
    case 'dashboard':
      return '#/';
    case 'settings':
      return '#/settings';
    case 'search':
      return `#/search${route.q ? `/${seg(route.q)}` : ''}`;
    case 'agent':
      return `#/agent/${seg(route.agent)}`;
    case 'manage':
      return `#/agent/${seg(route.agent)}/manage`;
    case 'chat':
      return `#/agent/${seg(route.agent)}/chat/${seg(route.paneId)}${route.askId !== undefined ? `/ask/${seg(route.askId)}` : entry(route.entryId)}`;
    case 'closed':
      return `#/agent/${seg(route.agent)}/closed/${seg(route.conversationId)}${entry(route.entryId)}`;
  }
}

/** Where the top bar's Back leads from a screen: one level up, or nowhere from the dashboard. */
export function parentOf(route: Route): Route | null {
  switch (route.screen) {
    case 'chat':
    case 'closed':
    case 'manage':
      return { screen: 'agent', agent: route.agent };
    case 'agent':
    case 'settings':
    case 'search':
      return { screen: 'dashboard' };
    case 'dashboard':
      return null;
  }
}

const entry = (entryId: string | undefined) => (entryId === undefined ? '' : `/entry/${encodeURIComponent(entryId)}`);

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
