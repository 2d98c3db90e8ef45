/**
 * `npm run bench:chat` (the first part): the figures issue #13 compares, at 2000 items of the
 * plain chat, in headless Chromium at a Pixel 7's size against the real bridge and agent:
 *   - first render: from navigation to the newest row drawn;
 *   - append: from the bridge's reply arriving to the new row drawn, and rows touched besides it;
 *   - write → row: from the agent writing an item to its row, at a random phase of the poll.
 * No throttling (append-matrix.ts has the phone-like profile). Medians. Needs `npm run build` first.
 */
import type { Page } from '@playwright/test';
import { openBenchRig } from './bench-rig';
import { machineLine } from './machine';
import { openPhone } from './phone';
import { POLL_MS, randomPhases } from './poll-phase';
import { clockOffset, expectRow, expectRowOnLoad, rowDrawn } from './row-watch';
import { fmt, median, percentile } from './stats';

const ITEMS = 2000;
const LOADS = 5;
const APPENDS = 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every phone API reply with new data, and every change inside the list that is not a row coming or going, as the page sees them. */
function countReplies(): void {
  const w = window as unknown as { replies: number[]; touched: number };
  w.replies = [];
  w.touched = 0;
  const original = window.fetch.bind(window);
  window.fetch = async (...args) => {
    const res = await original(...args);
    if (String(args[0]).includes('/api/') && res.status === 200) w.replies.push(performance.now());
    return res;
  };
  new MutationObserver((records) => {
    const list = document.querySelector('ol.entries');
    if (list) for (const r of records) if (r.target !== list && list.contains(r.target)) w.touched += 1;
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

const rig = await openBenchRig([{ id: 'p', items: ITEMS, content: 'plain' }]);
const phone = await openPhone(rig.link);

try {
  await phone.context.addInitScript(countReplies);
  const firstRender: number[] = [];
  let page: Page | undefined;
  for (let run = 0; run < LOADS; run += 1) {
    await page?.close();
    page = await phone.context.newPage();
    await expectRowOnLoad(page, 'Newest item of p.');
    await page.goto(rig.chatUrl('p'), { waitUntil: 'commit' });
    firstRender.push((await rowDrawn(page, 'Newest item of p.')).sinceNavigation);
  }
  const shown = page!;
  await sleep(1000);
  const { offset } = await clockOffset(shown);
  await shown.evaluate(() => ((window as unknown as { touched: number }).touched = 0));

  const appendRender: number[] = [];
  const latency: number[] = [];
  for (const [n, phase] of randomPhases(APPENDS).entries()) {
    await sleep(phase);
    const text = `appended ${n} to the long chat`;
    await expectRow(shown, text);
    const written = performance.timeOrigin + performance.now();
    rig.pane('p').item({ id: `new-${n}`, kind: 'reply', text });
    const drawn = await rowDrawn(shown, text);
    latency.push(drawn.dom - offset - written);
    const replies = await shown.evaluate(() => (window as unknown as { replies: number[] }).replies);
    appendRender.push(drawn.sinceNavigation - replies.filter((t) => t <= drawn.sinceNavigation).at(-1)!);
    await sleep(300); // the reply's other views and the next read, before the next write
  }
  const touched = await shown.evaluate(() => (window as unknown as { touched: number }).touched);
  const rows = await shown.locator('ol.entries > li').count();

  console.log(`phone chat cost, ${ITEMS} items of plain text (headless Chromium ${phone.version}, Pixel 7 viewport, no throttling, medians)`);
  console.log(machineLine());
  console.log(`first render, navigation to the newest row drawn:  ${fmt(median(firstRender))} ms  (${LOADS} loads)`);
  console.log(`append one item, bridge reply to row drawn:        ${fmt(median(appendRender), 1)} ms  (${APPENDS} appends)`);
  console.log(`rows touched besides the new ones:                 ${touched}  (${rows} rows in the DOM)`);
  console.log(
    `agent writes an item → row on screen:              ${fmt(median(latency))} ms p50, ${fmt(percentile(latency, 0.9))} ms p90  (random phase of the ${POLL_MS} ms poll)`,
  );
} finally {
  await phone.close();
  await rig.close();
}
