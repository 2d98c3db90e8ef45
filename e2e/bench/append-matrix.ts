/**
 * `npm run bench:chat` (the matrix): what one appended item costs the phone as its chat grows, at
 * 100 / 500 / 1000 / 2000 items of a mixed chat, on a normal and a phone-like profile:
 *   - bytes per append: response bodies (decoded) and bytes on the wire, all phone API reads;
 *   - main-thread time per append: the renderer's TaskDuration from the write to the row drawn
 *     and a settle after it;
 *   - write → row latency, on both clocks, the agent writing at a random phase of the bridge's poll.
 * Medians over the appends of each run (its first is a warm-up, not counted), then the issue's
 * targets as ratios. Needs `npm run build` first.
 */
import { ApiTraffic, mainThread, measureAppend, type AppendSample } from './append-probe';
import { openBenchRig } from './bench-rig';
import { machineLine } from './machine';
import { printMatrix, printTargets, type Run } from './matrix-report';
import { openPhone } from './phone';
import { POLL_MS, randomPhases } from './poll-phase';
import { applyProfile, NORMAL, PHONE, PROFILES, type Profile } from './profiles';
import { clockOffset, expectRowOnLoad, rowDrawn } from './row-watch';

const SIZES = [100, 500, 1000, 2000];
/** Appends counted per run, after one warm-up. */
const APPENDS = 10;
/** After the row: long enough for the read the phone makes next and any other view the append changed. */
const SETTLE_MS = 500;
/** Before measuring: the lazy markdown renderer and the first reads of other views have landed. */
const QUIET_MS = 1500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const rig = await openBenchRig(SIZES.map((items) => ({ id: `c${items}`, items, content: 'mixed' as const })));
/** The text of each chat's newest row, which a page waits for when it opens the chat. */
const newest = new Map(SIZES.map((n) => [n, `Newest item of c${n}.`]));
const phone = await openPhone(rig.link);

async function run(profile: Profile, size: number): Promise<Run> {
  const page = await phone.context.newPage();
  try {
    const cdp = await phone.context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await applyProfile(cdp, profile);
    const traffic = new ApiTraffic(cdp);
    await expectRowOnLoad(page, newest.get(size)!);
    await page.goto(rig.chatUrl(`c${size}`), { waitUntil: 'commit' });
    const opened = await rowDrawn(page, newest.get(size)!);
    await sleep(QUIET_MS);
    const idleFrom = await mainThread(cdp);
    await sleep(1000);
    const idleMsPerS = (await mainThread(cdp)).task - idleFrom.task;
    const { offset } = await clockOffset(page);
    const target = { page, cdp, traffic, pane: rig.pane(`c${size}`), polls: rig.polls, offset, settleMs: SETTLE_MS };
    const samples: AppendSample[] = [];
    for (const [n, phase] of [0, ...randomPhases(APPENDS)].entries()) {
      await sleep(phase);
      const text = `Appended #${n} to c${size} on the ${profile.name} profile.`;
      const sample = await measureAppend(target, `a-${profile.name}-${n}`, text);
      newest.set(size, text);
      if (n > 0) samples.push(sample);
    }
    return { profile, size, openMs: opened.sinceNavigation, idleMsPerS, samples };
  } finally {
    await page.close();
  }
}

try {
  const runs: Run[] = [];
  for (const profile of PROFILES) for (const size of SIZES) runs.push(await run(profile, size));
  console.log(`append matrix: a mixed chat (markdown, fenced code, code items, tool calls, links), one reply appended at a time,`);
  console.log(`${APPENDS} appends per run after a warm-up; the bridge polls the agent every ${POLL_MS} ms while a phone looks and the agent`);
  console.log(`writes at a random phase of that poll, so a write waits about ${POLL_MS / 2} ms for it on average before the bridge sees it`);
  console.log(machineLine(`Chromium ${phone.version} headless, Pixel 7 viewport`));
  printMatrix(runs, PROFILES);
  printTargets(runs, NORMAL, PHONE, SIZES[0]!, SIZES.at(-1)!);
} finally {
  await phone.close();
  await rig.close();
}
