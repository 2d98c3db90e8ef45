import { describe, expect, it } from 'vitest';
import { loadFirstCode } from './load-code-early';
import type { Route } from '../routes';

/** The stores' loaders, recording what was asked for; `failing` rejects as a lost chunk would. */
function stores(failing: string | null = null) {
  const asked: string[] = [];
  const lazy = (name: string) => ({
    load: () => {
      asked.push(name);
      return name === failing ? Promise.reject(new Error('offline')) : Promise.resolve({} as never);
    },
  });
  return { asked, stores: { chat: lazy('chat'), history: lazy('history'), acts: lazy('acts') } as unknown as Parameters<typeof loadFirstCode>[1] };
}

describe('loadFirstCode', () => {
  it('asks for a chat’s store and the acts at once, beside its screen and the markdown path', () => {
    const { asked, stores: s } = stores();
    loadFirstCode({ screen: 'chat', agent: 'desk', paneId: 'p1' }, s);
    expect(asked.sort()).toEqual(['acts', 'chat']);
  });

  it('asks for a closed chat’s history store and the acts', () => {
    const { asked, stores: s } = stores();
    loadFirstCode({ screen: 'closed', agent: 'desk', conversationId: 'c1' }, s);
    expect(asked.sort()).toEqual(['acts', 'history']);
  });

  it('asks for nothing on the screens whose code is one chunk of their own', () => {
    const { asked, stores: s } = stores();
    for (const route of [{ screen: 'dashboard' }, { screen: 'settings' }, { screen: 'agent', agent: 'desk' }] satisfies Route[]) loadFirstCode(route, s);
    expect(asked).toEqual([]);
  });

  it('leaves a failed load to the screen: nothing is thrown or left unhandled', async () => {
    const { asked, stores: s } = stores('chat');
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      expect(() => loadFirstCode({ screen: 'chat', agent: 'desk', paneId: 'p1' }, s)).not.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(asked).toContain('chat');
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
