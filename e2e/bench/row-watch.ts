/**
 * Knowing when a chat row is drawn, on the page's clock, without counting rows: a windowed chat
 * keeps only rows near the viewport in `ol.entries`, so the benchmarks wait for the row whose
 * text they wrote. The watcher looks at the last few rows only, on each batch of DOM changes, so
 * its own cost does not grow with the chat. Times are epoch milliseconds (`timeOrigin + now`),
 * which this machine's Node process reads on the same wall-clock timeline (see `clockOffset`).
 */
import type { Page } from '@playwright/test';

/**
 * tsx compiles with esbuild's keepNames, which wraps named inner functions in `__name(…)`; a
 * function Playwright sends to the page keeps those calls, so the page needs a `__name` too.
 * Every benchmark page gets this first (see phone.ts), and the load-time watcher carries it.
 */
export const NAME_SHIM = 'globalThis.__name ??= (fn) => fn;';

/** When the row showing `text` was drawn: put in the DOM, and the frame after it (painted). */
export interface Drawn {
  /** Epoch ms, page clock: the mutation that inserted the row. */
  dom: number;
  /** Epoch ms, page clock: a task after the next animation frame, so after its paint. */
  frame: number;
  /** ms since the page's navigation started, at `dom`. */
  sinceNavigation: number;
}

/** This process's clock on the same timeline as the page's `timeOrigin + now`. */
export const nodeNow = () => performance.timeOrigin + performance.now();

/** Runs in the page (serialised by Playwright, so it holds everything it needs): installs once, then waits for `text`. */
function watch({ text, timeoutMs }: { text: string; timeoutMs: number }): void {
  type Waiter = { resolve: (d: Drawn) => void; reject: (e: Error) => void };
  type Watch = { waiting: Map<string, Waiter>; promises: Map<string, Promise<Drawn>>; check: () => void };
  const w = window as unknown as { __benchRows?: Watch };
  if (!w.__benchRows) {
    const waiting = new Map<string, Waiter>();
    const check = () => {
      if (waiting.size === 0) return;
      const list = document.querySelector('ol.entries');
      let row = list?.lastElementChild ?? null;
      for (let k = 0; row && k < 8; k += 1, row = row.previousElementSibling) {
        const shown = row.textContent ?? '';
        for (const [want, waiter] of waiting) {
          if (!shown.includes(want)) continue;
          waiting.delete(want);
          const sinceNavigation = performance.now();
          const dom = performance.timeOrigin + sinceNavigation;
          requestAnimationFrame(() => {
            const after = new MessageChannel();
            after.port1.onmessage = () => waiter.resolve({ dom, frame: performance.timeOrigin + performance.now(), sinceNavigation });
            after.port2.postMessage(0);
          });
        }
      }
    };
    w.__benchRows = { waiting, promises: new Map(), check };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  }
  const rows = w.__benchRows;
  rows.promises.set(
    text,
    new Promise<Drawn>((resolve, reject) => {
      rows.waiting.set(text, { resolve, reject });
      setTimeout(() => rows.waiting.delete(text) && reject(new Error(`no row showing "${text}" within ${timeoutMs} ms`)), timeoutMs);
    }),
  );
  rows.check();
}

/** Starts waiting for a row showing `text` on the page as it is now. */
export const expectRow = (page: Page, text: string, timeoutMs = 20000) => page.evaluate(watch, { text, timeoutMs });

/** Starts waiting for a row showing `text` from the very start of the page's next navigation. */
export const expectRowOnLoad = (page: Page, text: string, timeoutMs = 60000) =>
  page.addInitScript({ content: `${NAME_SHIM}\n(${watch.toString()})(${JSON.stringify({ text, timeoutMs })});` });

/** Resolves once the row expected with `text` is drawn; `node` is when this process heard of it. */
export async function rowDrawn(page: Page, text: string): Promise<Drawn & { node: number }> {
  const drawn = await page.evaluate((want) => {
    const rows = (window as unknown as { __benchRows?: { promises: Map<string, Promise<Drawn>> } }).__benchRows;
    const promise = rows?.promises.get(want);
    if (!rows || !promise) throw new Error(`no row showing "${want}" is expected`);
    rows.promises.delete(want);
    return promise;
  }, text);
  return { ...drawn, node: nodeNow() };
}

/**
 * The page clock minus this process's clock, from the read with the tightest round trip: both are
 * wall-clock based on one machine, so this is near 0 and says how far the two timelines can be trusted.
 */
export async function clockOffset(page: Page, reads = 7): Promise<{ offset: number; within: number }> {
  let best = { offset: 0, within: Infinity };
  for (let i = 0; i < reads; i += 1) {
    const before = nodeNow();
    const pageNow = await page.evaluate(() => performance.timeOrigin + performance.now());
    const after = nodeNow();
    if ((after - before) / 2 < best.within) best = { offset: pageNow - (before + after) / 2, within: (after - before) / 2 };
  }
  return best;
}
