import { describe, expect, it } from 'vitest';
import { hrefOf, parentOf, parseRoute, type Route } from './routes';

describe('routes', () => {
  it('round-trips every screen, including names that need escaping', () => {
    const routes: Route[] = [
      { screen: 'dashboard' },
      { screen: 'settings' },
      { screen: 'agent', agent: 'desk' },
      { screen: 'manage', agent: 'desk' },
      { screen: 'chat', agent: 'a b', paneId: 'p%1é' },
      { screen: 'chat', agent: 'desk', paneId: 'p', askId: 'ask-1é%' },
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

  it('opens a chat at a card only for an ask id that keeps the id rule', () => {
    expect(parseRoute('#/agent/desk/chat/p/ask/a1')).toEqual({ screen: 'chat', agent: 'desk', paneId: 'p', askId: 'a1' });
    for (const hash of ['#/agent/desk/chat/p/ask/..', '#/agent/desk/chat/p/ask', '#/agent/desk/chat/p/card/a1'])
      expect(parseRoute(hash), hash).toEqual({ screen: 'chat', agent: 'desk', paneId: 'p' });
    expect(hrefOf({ screen: 'chat', agent: 'desk', paneId: 'p' })).toBe('#/agent/desk/chat/p');
  });

  it('reads an agent named manage as that agent, and manage with more after it as the list', () => {
    expect(parseRoute('#/agent/manage')).toEqual({ screen: 'agent', agent: 'manage' });
    expect(parseRoute('#/agent/desk/manage/x')).toEqual({ screen: 'agent', agent: 'desk' });
  });

  it('leads Back one level up', () => {
    expect(parentOf({ screen: 'manage', agent: 'desk' })).toEqual({ screen: 'agent', agent: 'desk' });
    expect(parentOf({ screen: 'chat', agent: 'desk', paneId: 'p', askId: 'a' })).toEqual({ screen: 'agent', agent: 'desk' });
    expect(parentOf({ screen: 'agent', agent: 'desk' })).toEqual({ screen: 'dashboard' });
    expect(parentOf({ screen: 'dashboard' })).toBeNull();
  });
});
