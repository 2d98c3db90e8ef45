import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { openCollie, type PaneHandle } from '../../src/agent/kit';
import type { Caps } from '../../src/wire/types';
import { pairPhone } from './pair';
import { scratch, startBridge, writeSources } from './processes';
import type { Started } from './started';

/** An agent with one conversation `items` long (every fourth item the person's), and the phone paired and on its chat. */
export async function openLongChat(run: Started, page: Page, items: number, caps: Partial<Caps>): Promise<{ pane: PaneHandle; url: string }> {
  const dirs = (run.dirs = await scratch());
  const socket = join(dirs.socketDir, 'long', 'app.sock');
  const collie = (run.agent = await openCollie({ socket, hostName: 'long', caps, log: () => {} }));
  const pane = collie.workspace('w', { title: 'Work' }).tab('t', { title: 'Main' }).pane('p', { title: 'Long chat' });
  for (let i = 1; i <= items; i += 1) pane.item({ id: `m${i}`, kind: i % 4 === 0 ? 'user' : 'reply', text: `line ${i}` });
  collie.ready();
  await writeSources(dirs.configDir, [{ name: 'long', kind: 'durable', socket }]);
  const started = await startBridge(dirs);
  run.bridge = started.proc;
  await pairPhone(page, started.link);
  await page.goto(`${started.url}#/agent/long/chat/p`);
  return { pane, url: started.url };
}

/** The chat's row that reads exactly `text`. */
export const chatRow = (page: Page, text: string) => page.locator('ol.entries > li').filter({ hasText: new RegExp(`^${text}$`) });

/**
 * Scrolls the way a person does (the wheel, not a script), with the pointer at height `y`, and
 * waits until the page has scrolled and drawn the new place. (Waited for as the scroll event:
 * older items can come in at the top, and the place be kept, before the position could be read.)
 */
export async function wheel(page: Page, by: number, y = 400) {
  await page.mouse.move(200, y);
  await page.evaluate(() => {
    (window as unknown as { scrolled: Promise<void> }).scrolled = new Promise((done) => addEventListener('scroll', () => done(), { once: true }));
  });
  await page.mouse.wheel(0, by);
  await page.evaluate(() => (window as unknown as { scrolled: Promise<void> }).scrolled);
  await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
}
