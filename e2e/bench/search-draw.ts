/**
 * `npm run bench:chat` (part): the phone drawing a search's results, as issue #47 asks ("without
 * a long task on the phone profile"). One agent with 50 conversations of 200 plain items, each
 * holding the searched words three times, so the reply is the most a search sends (50
 * conversations, 3 hits each). Headless Chromium at a Pixel 7's size, 4× CPU and a slow network;
 * the query is typed into the search screen, and every long task (≥ 50 ms, the browser's own
 * PerformanceObserver) from the keystroke until the 50 results are drawn is counted. Three rounds.
 */
import { openBenchRig } from './bench-rig';
import { machineLine } from './machine';
import { openPhone } from './phone';
import { applyProfile, describeProfile, PHONE } from './profiles';
import { median } from './stats';

const CONVERSATIONS = 50;
const ROUNDS = 3;

async function main(): Promise<void> {
  const rig = await openBenchRig(Array.from({ length: CONVERSATIONS }, (_, c) => ({ id: `c${c}`, items: 200, content: 'plain' as const })));
  try {
    for (let c = 0; c < CONVERSATIONS; c += 1)
      for (let k = 0; k < 3; k += 1) rig.pane(`c${c}`).item({ id: `found-${k}`, kind: 'reply', text: `Round ${k}: the migration failed on users, a column is missing.` });
    const phone = await openPhone(rig.link);
    try {
      const page = await phone.context.newPage();
      await applyProfile(await phone.context.newCDPSession(page), PHONE);
      await page.goto(`${rig.url}#/search`);
      await page.locator('input.search-box').waitFor();
      await page.evaluate(() => {
        const w = window as unknown as { longTasks: number[] };
        w.longTasks = [];
        new PerformanceObserver((list) => list.getEntries().forEach((e) => w.longTasks.push(e.duration))).observe({ type: 'longtask' });
      });
      const longest: number[] = [];
      const counts: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        await page.locator('input.search-box').fill('zebra');
        await page.locator('.search-none').waitFor();
        await page.evaluate(() => ((window as unknown as { longTasks: number[] }).longTasks = []));
        await page.locator('input.search-box').fill('migration failed');
        await page
          .locator('.search-conversation')
          .nth(CONVERSATIONS - 1)
          .waitFor();
        await page.waitForFunction(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))));
        const tasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
        longest.push(tasks.length ? Math.max(...tasks) : 0);
        counts.push(tasks.length);
      }
      console.log(machineLine(`Chromium ${phone.version}, ${describeProfile(PHONE)}`));
      console.log(
        `search results drawn (${CONVERSATIONS} conversations, 3 hits each): long tasks per round ${counts.join(', ')}; longest ${longest.map((v) => v.toFixed(0)).join(', ')} ms (median ${median(longest).toFixed(0)}; target: no long task)`,
      );
    } finally {
      await phone.close();
    }
  } finally {
    await rig.close();
  }
}

await main();
