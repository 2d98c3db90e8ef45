import { describe, expect, it } from 'vitest';
import { hrefOf, parseRoute } from '../routes';
import { chatAddressPattern, hintScript } from './chat-code-hint';

describe("the page's hint for a chat's code", () => {
  it("knows a chat's address as routes.ts writes it, and no other screen's", () => {
    const chat = new RegExp(chatAddressPattern());
    const chats = [
      hrefOf({ screen: 'chat', agent: 'desk', paneId: 'p1' }),
      hrefOf({ screen: 'chat', agent: 'my desk/ü', paneId: 'pane-2' }),
      hrefOf({ screen: 'chat', agent: 'desk', paneId: 'p1', askId: 'a1' }),
    ];
    for (const hash of chats) {
      expect(parseRoute(hash).screen).toBe('chat');
      expect(chat.test(hash)).toBe(true);
    }
    const others = [
      hrefOf({ screen: 'dashboard' }),
      hrefOf({ screen: 'settings' }),
      hrefOf({ screen: 'agent', agent: 'desk' }),
      hrefOf({ screen: 'manage', agent: 'desk' }),
      hrefOf({ screen: 'closed', agent: 'desk', conversationId: 'c1' }),
      '#/agent/desk/chat/',
      '',
    ];
    for (const hash of others) expect([hash, chat.test(hash)]).toEqual([hash, false]);
  });

  it("asks for the chat's scripts as modules and its styles as styles, only on a chat's address", () => {
    const script = hintScript({ scripts: ['assets/chat-1.js', 'assets/acts-2.js'], styles: ['assets/chat-3.css'] });
    const run = (hash: string) => {
      const made: Record<string, string>[] = [];
      const document = {
        createElement: () => ({}) as Record<string, string>,
        head: { appendChild: (link: Record<string, string>) => made.push({ ...link }) },
      };
      new Function('location', 'document', script)({ hash }, document);
      return made;
    };
    expect(run('#/agent/desk/chat/p1')).toEqual([
      { rel: 'modulepreload', href: '/assets/chat-1.js', crossOrigin: '' },
      { rel: 'modulepreload', href: '/assets/acts-2.js', crossOrigin: '' },
      { rel: 'preload', href: '/assets/chat-3.css', as: 'style', crossOrigin: '' },
    ]);
    expect(run('#/')).toEqual([]);
    expect(run('#/agent/desk')).toEqual([]);
  });
});
