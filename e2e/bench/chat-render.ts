/**
 * `npm run bench:chat`: what the phone spends on a long chat, in headless Chromium at a phone
 * size against the real bridge and a real agent on a private socket.
 *   - first render: from navigation to the newest of 2000 items drawn;
 *   - append: from the bridge's reply arriving to the new row drawn, and rows touched besides it;
 *   - latency: from the agent writing an item to the row on screen (long-poll + poll cadence).
 * Medians over several runs. Needs `npm run build` first.
 */
import { chromium, devices } from '@playwright/test';
import { join } from 'node:path';
import { openCollie } from '../../src/agent/kit';
import { pairPhone } from '../support/pair';
import { scratch, startBridge, writeSources } from '../support/processes';

const ITEMS = 2000;
const LOADS = 5;
const APPENDS = 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dirs = await scratch();
const socket = join(dirs.socketDir, 'bench', 'app.sock');
const collie = await openCollie({ socket, hostName: 'bench', caps: { asks: true }, log: () => {} });
const pane = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Long chat' });
for (let i = 1; i <= ITEMS; i += 1)
  pane.item({ id: `i${i}`, kind: i % 3 ? 'reply' : 'user', text: `Message ${i}: the build passed on main; deploying staging next (step ${i % 7} of 7).` });
collie.ready();
await writeSources(dirs.configDir, [{ name: 'bench', kind: 'durable', socket }]);
const { proc: bridge, url, link } = await startBridge(dirs);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

try {
  const context = await browser.newContext({ ...devices['Pixel 7'] });
  // Every chat reply's arrival time, and every new row's drawing time, as the page sees them.
  await context.addInitScript(() => {
    const w = window as unknown as { replies: number[]; rows: number[]; touched: number };
    w.replies = [];
    w.rows = [];
    w.touched = 0;
    const original = window.fetch.bind(window);
    window.fetch = async (...args) => {
      const res = await original(...args);
      if (String(args[0]).includes('/panes/') && res.status === 200) w.replies.push(performance.now());
      return res;
    };
    new MutationObserver((records) => {
      const list = document.querySelector('ol.entries');
      if (!list) return;
      for (const r of records) {
        if (r.target === list) r.addedNodes.forEach(() => w.rows.push(performance.now()));
        else if (list.contains(r.target)) w.touched += 1;
      }
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });

  // The benchmark's phone pairs once, as a person does; the context keeps its cookie for every page.
  const pairing = await context.newPage();
  await pairPhone(pairing, link);
  await pairing.close();

  const firstRender: number[] = [];
  for (let run = 0; run < LOADS; run += 1) {
    const page = await context.newPage();
    await page.goto(`${url}#/agent/bench/chat/p`);
    // The newest row drawn: a windowed chat draws only the rows near the viewport, not all of them.
    await page.waitForFunction((n) => document.querySelector('ol.entries > li:last-child')?.textContent?.startsWith(`Message ${n}:`), ITEMS, { timeout: 30000 });
    firstRender.push(await page.evaluate(() => performance.now()));
    if (run < LOADS - 1) await page.close();
  }

  const page = context.pages().at(-1)!;
  const appendRender: number[] = [];
  const latency: number[] = [];
  let touched = 0;
  await page.evaluate(() => {
    (window as unknown as { touched: number }).touched = 0;
  });
  for (let n = 1; n <= APPENDS; n += 1) {
    const before = await page.evaluate(() => (window as unknown as { rows: number[] }).rows.length);
    const written = Date.now();
    pane.item({ id: `new-${n}`, kind: 'reply', text: `appended ${n}` });
    await page.waitForFunction((count) => (window as unknown as { rows: number[] }).rows.length > count, before, { timeout: 10000 });
    latency.push(Date.now() - written);
    const { rows, replies } = await page.evaluate(() => {
      const w = window as unknown as { rows: number[]; replies: number[] };
      return { rows: w.rows, replies: w.replies };
    });
    const drawn = rows.at(-1)!;
    const reply = replies.filter((t) => t <= drawn).at(-1)!;
    appendRender.push(drawn - reply);
  }
  touched = await page.evaluate(() => (window as unknown as { touched: number }).touched);
  const rows = await page.locator('ol.entries > li').count();

  console.log(`phone chat cost, ${ITEMS} items (headless Chromium, Pixel 7 viewport, medians)`);
  console.log(`first render, navigation to newest row drawn: ${median(firstRender).toFixed(0)} ms  (${LOADS} loads)`);
  console.log(`append one item, bridge reply to row drawn:      ${median(appendRender).toFixed(1)} ms  (${APPENDS} appends)`);
  console.log(`rows touched besides the new ones:               ${touched}  (of ${rows})`);
  console.log(`agent writes an item → row on screen:            ${median(latency)} ms  (max ${Math.max(...latency)} ms)`);
} finally {
  await browser.close();
  await bridge.stop();
  await collie.close();
  await dirs.cleanup();
}
