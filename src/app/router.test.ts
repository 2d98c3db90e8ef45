import { describe, expect, it } from 'vitest';
import { hrefOf, parseRoute, type Route } from './router';

describe('routes', () => {
  it('round-trips every screen, including names that need escaping', () => {
    const routes: Route[] = [
      { screen: 'dashboard' },
      { screen: 'settings' },
      { screen: 'agent', agent: 'desk' },
      { screen: 'chat', agent: 'a b', paneId: 'p%1é' },
      { screen: 'closed', agent: 'desk', conversationId: 'c-1' },
    ];
    for (const route of routes) expect(parseRoute(hrefOf(route))).toEqual(route);
  });

  it('falls back to the dashboard for anything else', () => {
    for (const hash of ['', '#', '#/nowhere', '#/agent', '#/agent/%E0%A4%A']) {
      const route = parseRoute(hash);
      expect(['dashboard', 'agent']).toContain(route.screen);
    }
    expect(parseRoute('#/nowhere')).toEqual({ screen: 'dashboard' });
  });

  it('reads a pane or conversation id that no URL can name (. and ..) as the agent list', () => {
    for (const id of ['.', '..', '%2E', '%2e%2E'])
      for (const kind of ['chat', 'closed']) expect(parseRoute(`#/agent/desk/${kind}/${id}`), `${kind}/${id}`).toEqual({ screen: 'agent', agent: 'desk' });
  });
});
