import { describe, expect, it } from 'vitest';
import { BadPathSegment, matchPath, pathOf, PHONE_PATHS } from './phone-routes';

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
