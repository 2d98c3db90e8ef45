import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Route } from '../routes';
import { START_WAITS } from './waits';

/** The module afresh: what a chat said is said once per page. */
const fresh = async () => {
  vi.resetModules();
  return import('./after-first-screen');
};

const chat: Route = { screen: 'chat', agent: 'desk', paneId: 'p' };

describe("the work that waits for the first screen's content", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 50));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs at the first idle after the first render on a screen drawn in it', async () => {
    const { afterFirstContent } = await fresh();
    for (const route of [{ screen: 'dashboard' }, { screen: 'settings' }, { screen: 'agent', agent: 'desk' }, null] as const) {
      const then = vi.fn();
      afterFirstContent(route, then);
      await vi.advanceTimersByTimeAsync(50);
      expect(then).toHaveBeenCalledOnce();
    }
  });

  it("waits for a chat's first rows, then for the browser to be idle", async () => {
    const { afterFirstContent, firstContentDrawn } = await fresh();
    const then = vi.fn();
    afterFirstContent(chat, then);
    await vi.advanceTimersByTimeAsync(2000);
    expect(then).not.toHaveBeenCalled();
    firstContentDrawn();
    await vi.advanceTimersByTimeAsync(49);
    expect(then).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(then).toHaveBeenCalledOnce();
  });

  it('waits for a closed chat the same way, and for a chat whose rows never come only so long', async () => {
    const { afterFirstContent } = await fresh();
    const then = vi.fn();
    afterFirstContent({ screen: 'closed', agent: 'desk', conversationId: 'c' }, then);
    await vi.advanceTimersByTimeAsync(START_WAITS.chatRowsMaxMs - 1);
    expect(then).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1 + 50);
    expect(then).toHaveBeenCalledOnce();
  });

  it('runs at once after the rows where the browser has no idle callbacks', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const { afterFirstContent, firstContentDrawn } = await fresh();
    const then = vi.fn();
    afterFirstContent(chat, then);
    firstContentDrawn();
    await vi.advanceTimersByTimeAsync(0);
    expect(then).toHaveBeenCalledOnce();
  });
});
