import { describe, expect, it } from 'vitest';
import type { ActRequest } from './write-json';
import { actRoute, BadPathSegment, matchPath, pathOf, PHONE_PATHS } from './phone-routes';

describe('phone paths', () => {
  it('fills and encodes the named segments, and reads them back', () => {
    const path = pathOf('chat', { agent: 'a/b', paneId: 'p 1é' });
    expect(path).toBe('/api/agents/a%2Fb/panes/p%201%C3%A9');
    expect(matchPath(PHONE_PATHS.chat, path)).toEqual({ agent: 'a/b', paneId: 'p 1é' });
  });

  it('matches only paths of the same shape', () => {
    expect(matchPath(PHONE_PATHS.agent, '/api/agents/desk')).toEqual({ agent: 'desk' });
    expect(matchPath(PHONE_PATHS.agent, '/api/agents/desk/closed')).toBeNull();
    expect(matchPath(PHONE_PATHS.agent, '/api/agents/')).toBeNull();
    expect(matchPath(PHONE_PATHS.dashboard, '/api/dashboard')).toEqual({});
    expect(matchPath(PHONE_PATHS.steer, '/api/agents/desk/panes/p/stop')).toBeNull();
  });

  it('says a segment that does not decode is bad', () => {
    expect(() => matchPath(PHONE_PATHS.agent, '/api/agents/%E0%A4%A')).toThrow(BadPathSegment);
  });

  it('every pattern fills and matches itself', () => {
    for (const [name, pattern] of Object.entries(PHONE_PATHS)) {
      const params = Object.fromEntries([...pattern.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1]!, `${m[1]}-x`]));
      expect(matchPath(pattern, pathOf(name as keyof typeof PHONE_PATHS, params as never)), name).toEqual(params);
    }
  });
});

const rid = 'r1';

describe('act routes: the path names the agent (and pane or starter), the body the rest', () => {
  it.each<[ActRequest, string, Record<string, unknown>]>([
    [{ act: 'send', agent: 'desk', paneId: 'p1', requestId: rid, text: 'hi', turnId: 't1' }, '/api/agents/desk/panes/p1/send', { requestId: rid, text: 'hi', turnId: 't1' }],
    [{ act: 'steer', agent: 'desk', paneId: 'p1', requestId: rid, text: 'left', turnId: 't1' }, '/api/agents/desk/panes/p1/steer', { requestId: rid, text: 'left', turnId: 't1' }],
    [{ act: 'stop', agent: 'desk', paneId: 'p1', requestId: rid, turnId: null }, '/api/agents/desk/panes/p1/stop', { requestId: rid, turnId: null }],
    [
      { act: 'action', agent: 'desk', paneId: 'p1', requestId: rid, actionId: 'deploy', turnId: 't1' },
      '/api/agents/desk/panes/p1/action',
      { requestId: rid, actionId: 'deploy', turnId: 't1' },
    ],
    [{ act: 'starter', agent: 'desk', requestId: rid, starterId: 'review' }, '/api/agents/desk/starters/review', { requestId: rid }],
    [
      { act: 'rename', agent: 'desk', requestId: rid, target: 'tab', id: 'tab1', title: 'New' },
      '/api/agents/desk/rename',
      { requestId: rid, target: 'tab', id: 'tab1', title: 'New' },
    ],
    [{ act: 'close', agent: 'desk', requestId: rid, target: 'pane', id: 'p1' }, '/api/agents/desk/close', { requestId: rid, target: 'pane', id: 'p1' }],
    [{ act: 'reopen', agent: 'desk', requestId: rid, conversationId: 'c9' }, '/api/agents/desk/reopen', { requestId: rid, conversationId: 'c9' }],
  ])('maps %j', (request, path, body) => {
    expect(actRoute(request)).toEqual({ path, body });
  });

  it('encodes path segments', () => {
    expect(actRoute({ act: 'stop', agent: 'a/b', paneId: 'p 1', requestId: rid, turnId: null }).path).toBe('/api/agents/a%2Fb/panes/p%201/stop');
  });
});
