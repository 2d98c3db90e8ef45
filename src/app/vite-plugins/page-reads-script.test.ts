import { describe, expect, it } from 'vitest';
import { PAGE_READS, type PageRead } from '../start/take-page-reads';
import { hrefOf, parseRoute } from '../routes';
import { readsScript, readsByScreen, readsOf } from './page-reads-script';

const chatFiles = { scripts: ['assets/chat-1.js', 'assets/acts-2.js'], styles: ['assets/chat-3.css'] };

/** Runs the page's script at `hash`, as the browser would: what it fetched, what it linked, what it left for the app. */
function runAt(hash: string) {
  const fetched: { url: string; init: unknown }[] = [];
  const linked: Record<string, string>[] = [];
  const window: Record<string, Record<string, PageRead> | undefined> = {};
  const document = {
    createElement: () => ({}) as Record<string, string>,
    head: { appendChild: (link: Record<string, string>) => linked.push({ ...link }) },
  };
  const fetch = (url: string, init: unknown) => {
    fetched.push({ url, init });
    return Promise.resolve(new Response('{}'));
  };
  new Function('location', 'document', 'window', 'fetch', 'performance', readsScript(readsByScreen(chatFiles)))({ hash }, document, window, fetch, { now: () => 42 });
  return { fetched: fetched.map((f) => f.url), inits: fetched.map((f) => f.init), linked, left: window[PAGE_READS] };
}

/** What the app itself reads first at `hash`: the pairing check, then its first read (start/read-data-early.ts), through its own client. */
const appReadsAt = (hash: string): string[] => readsOf(parseRoute(hash));

describe('what the page asks for as it is read', () => {
  it("asks, on a chat's address, for what the app reads first there, with names that need encoding", () => {
    const chats = [
      hrefOf({ screen: 'chat', agent: 'desk', paneId: 'p1' }),
      hrefOf({ screen: 'chat', agent: 'my desk/ü %', paneId: 'pane-2' }),
      hrefOf({ screen: 'chat', agent: 'desk', paneId: 'p1', askId: 'a1' }),
      // Written by hand, not by hrefOf: a letter encoded that need not be still names the same agent.
      '#/agent/%64esk/chat/p1',
    ];
    for (const hash of chats) {
      expect(parseRoute(hash).screen).toBe('chat');
      const { fetched } = runAt(hash);
      expect(fetched).toEqual(appReadsAt(hash));
      expect(fetched).toHaveLength(2);
    }
  });

  it('asks, on the dashboard, for the pairing check and its data, as the app does', () => {
    for (const hash of ['', hrefOf({ screen: 'dashboard' }), '#//']) {
      expect(parseRoute(hash).screen).toBe('dashboard');
      expect(runAt(hash).fetched).toEqual(appReadsAt(hash));
      expect(runAt(hash).linked).toEqual([]);
    }
  });

  it("asks for nothing on another screen's address, or a pairing link", () => {
    const others = [
      hrefOf({ screen: 'settings' }),
      hrefOf({ screen: 'agent', agent: 'desk' }),
      hrefOf({ screen: 'manage', agent: 'desk' }),
      hrefOf({ screen: 'closed', agent: 'desk', conversationId: 'c1' }),
      '#/agent/desk/chat/',
      '#/agent/desk/chatty/p1',
      '#pair=abcdefghijklmnopqrstuvwxyz012345',
    ];
    for (const hash of others) expect([hash, runAt(hash)]).toEqual([hash, { fetched: [], inits: [], linked: [], left: undefined }]);
  });

  it('leaves a read it cannot name to the app: a part that is not percent-encoding', () => {
    const hash = '#/agent/%E0%A4%A/chat/p1';
    expect(runAt(hash).fetched).toEqual(['/api/device']);
    expect(appReadsAt(hash)).toHaveLength(2);
  });

  it("leaves each read for the app by its address, and asks for a chat's scripts as modules and styles as styles", () => {
    const { left, linked, inits } = runAt('#/agent/desk/chat/p1');
    expect(Object.keys(left ?? {})).toEqual(['/api/device', '/api/agents/desk/panes/p1?tail=1']);
    expect(Object.values(left ?? {}).map((ask) => ask.at)).toEqual([42, 42]);
    // As the app's client reads: never from the browser's cache.
    expect(inits).toEqual([{ cache: 'no-store' }, { cache: 'no-store' }]);
    expect(linked).toEqual([
      { rel: 'modulepreload', href: '/assets/chat-1.js', crossOrigin: '' },
      { rel: 'modulepreload', href: '/assets/acts-2.js', crossOrigin: '' },
      { rel: 'preload', href: '/assets/chat-3.css', as: 'style', crossOrigin: '' },
    ]);
  });
});
