import { signal, type ReadonlySignal } from '@preact/signals';
import { isValidId } from '../wire/ids';

export type Route =
  | { screen: 'dashboard' }
  | { screen: 'settings' }
  | { screen: 'agent'; agent: string }
  | { screen: 'chat'; agent: string; paneId: string }
  | { screen: 'closed'; agent: string; conversationId: string };

/**
 * Routes live in the hash, so the bridge serves one shell for every screen. A pane or
 * conversation id that breaks the wire's id rule (such as `.` or `..`, which a URL would read as
 * a dot segment) names nothing: the route falls back to the agent's list.
 */
export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(safeDecode);
  if (parts[0] === 'settings' && parts.length === 1) return { screen: 'settings' };
  if (parts[0] === 'agent' && parts[1] !== undefined) {
    const id = parts[3];
    if (parts[2] === 'chat' && isValidId(id)) return { screen: 'chat', agent: parts[1], paneId: id };
    if (parts[2] === 'closed' && isValidId(id)) return { screen: 'closed', agent: parts[1], conversationId: id };
    return { screen: 'agent', agent: parts[1] };
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
    case 'agent':
      return `#/agent/${seg(route.agent)}`;
    case 'chat':
      return `#/agent/${seg(route.agent)}/chat/${seg(route.paneId)}`;
    case 'closed':
      return `#/agent/${seg(route.agent)}/closed/${seg(route.conversationId)}`;
  }
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The current route as a signal, following `hashchange`; returns the cleanup too. */
export function createRouter(): { route: ReadonlySignal<Route>; start(): () => void } {
  const route = signal<Route>(parseRoute(location.hash));
  return {
    route,
    start() {
      const onChange = () => {
        route.value = parseRoute(location.hash);
      };
      window.addEventListener('hashchange', onChange);
      return () => window.removeEventListener('hashchange', onChange);
    },
  };
}
