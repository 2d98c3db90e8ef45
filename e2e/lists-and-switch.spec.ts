import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { openCollie } from '../src/agent/kit';
import { clippedWords, noViolations } from './support/axe';
import { pairAnotherPhone, pairPhone } from './support/pair';
import { collieLink, scratch, startBridge, writeSources } from './support/processes';
import { stopAfterEach } from './support/started';
import { ENGLISH, LANGUAGES, say, type Catalog } from './support/words';

/**
 * Issue #26's list and switch: an agent's list ordered and dated as a messenger's (the most recent
 * first, a time on every row, "Yesterday", weekdays, the clock time for today, also for a chat
 * closed today) with unsent drafts marked; a stale chat address that is not read every second for
 * ever; the person's own links; a watch-only phone not told "You answered"; and the notifications
 * switch, a real switch that gives up on a push service that never answers and says why.
 */
const run = stopAfterEach();
const SHOTS = 'test-results/lists-and-switch';
const SCHEMES = ['light', 'dark'] as const;

/** A count's sentence in a language, with the plural form that language's rules pick. */
function sayCount(words: Catalog, code: string, key: string, count: number): string {
  const value = words[key] ?? ENGLISH[key]!;
  const forms = typeof value === 'string' ? { other: value } : value;
  const text = forms[new Intl.PluralRules(code).select(count)] ?? forms.other!;
  return text.replace('{count}', new Intl.NumberFormat(code).format(count));
}

/** The app speaks `code` from now on (the settings' language, remembered on the phone). */
async function speak(page: Page, url: string, code: string): Promise<void> {
  await page.goto(`${url}#/settings`);
  await page.getByRole('combobox').selectOption(code);
  await expect(page.locator('html')).toHaveAttribute('lang', code);
}

/** A time as the page's own Intl writes it in the page's language, white space made plain (ICU may use a narrow one). */
const written = (page: Page, at: number, options: Intl.DateTimeFormatOptions) =>
  page.evaluate(([at, options]) => new Intl.DateTimeFormat(document.documentElement.lang, options).format(at).replace(/\s/gu, ' '), [at, options] as const);
const plain = async (locator: Locator) => (await locator.textContent())?.replace(/\s/gu, ' ');
const CLOCK = { hour: 'numeric', minute: '2-digit' } as const;

async function deskAndBridge(page: Page, caps: Record<string, boolean> = { asks: true, send: true, history: true }) {
  const dirs = (run.dirs = await scratch());
  const socket = join(dirs.socketDir, 'desk', 'app.sock');
  const collie = (run.agent = await openCollie({ socket, hostName: 'desk', caps, log: () => {} }));
  await writeSources(dirs.configDir, [{ name: 'desk', kind: 'durable', socket }]);
  return {
    dirs,
    collie,
    async start() {
      collie.ready();
      const started = await startBridge(dirs);
      run.bridge = started.proc;
      await pairPhone(page, started.link);
      return started.url;
    },
  };
}

test('the list is a messenger’s: most recent first, a time on every row in the day’s words, a closed chat of today at its time, drafts marked', async ({ page }) => {
  test.slow(); // three languages, light and dark, each looked at by axe-core
  const desk = await deskAndBridge(page);
  const now = new Date();
  const twoDaysAgo = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 2, 12, 0).getTime();
  const longAgo = new Date(2025, 11, 24, 10, 0).getTime();
  const tab = desk.collie.workspace('w', { title: 'Work' }).tab('t', { title: 'Main' });
  // The agent's layout order is not the list's: the list follows activity.
  tab.pane('older', { title: 'Older plan' }).item({ id: 'o1', kind: 'reply', text: 'Two days ago.', at: new Date(twoDaysAgo).toISOString() });
  const notes = tab.pane('notes', { title: 'Notes' });
  notes.item({ id: 'n1', kind: 'user', text: 'remember the release notes', at: new Date(longAgo).toISOString() });
  tab.pane('quiet', { title: 'Quiet' }); // nothing yet: dated by when the bridge first saw it
  tab.pane('deploy', { title: 'Deploy' }).item({ id: 'd1', kind: 'reply', text: 'Staging is green.' });
  const review = tab.pane('review', { title: 'Review' });
  review.item({ id: 'r1', kind: 'reply', text: 'Two findings.', at: new Date(twoDaysAgo).toISOString() });
  void review.ask({ kind: 'text', toolCallId: 'q', title: 'Merge it?' }).catch(() => {});
  const closedToday = tab.pane('done', { title: 'Done today' });
  closedToday.item({ id: 'x1', kind: 'reply', text: 'finished' });
  closedToday.close();
  const url = await desk.start();

  await page.goto(`${url}#/agent/desk`);
  const order = () => page.locator('a[data-pane]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-pane')));
  await expect.poll(order).toEqual(['review', 'quiet', 'deploy', 'older', 'notes']);
  const row = (pane: string) => page.locator(`a[data-pane="${pane}"]`);
  // Every row has a time, the one without an item too.
  for (const pane of ['review', 'quiet', 'deploy', 'older', 'notes']) await expect(row(pane).locator('time.row-time')).toHaveCount(1);
  await expect(row('quiet').locator('.row-preview')).toHaveCount(0);
  // A date of another year carries its year; one of this year does not.
  const year = new Date(longAgo).getFullYear() === now.getFullYear() ? {} : { year: 'numeric' as const };
  expect(await plain(row('notes').locator('time'))).toBe(await written(page, longAgo, { day: 'numeric', month: 'short', ...year }));

  // A draft typed and not sent marks its row.
  await row('deploy').click();
  await page
    .getByRole('region', { name: say(ENGLISH, 'composer.title') })
    .getByLabel(say(ENGLISH, 'composer.label'))
    .fill('ship it after lunch');
  await page.goBack();
  await expect(row('deploy').locator('.row-preview')).toHaveText(`${say(ENGLISH, 'list.draft')} ship it after lunch`);

  // A new item moves its conversation to the top, at its clock time.
  notes.item({ id: 'n2', kind: 'reply', text: 'Noted.' });
  await expect.poll(order).toEqual(['review', 'notes', 'quiet', 'deploy', 'older']);

  for (const { code, words } of LANGUAGES) {
    await speak(page, url, code);
    await page.goto(`${url}#/agent/desk`);
    await expect(row('notes').locator('.row-preview')).toHaveText('Noted.');
    for (const pane of ['notes', 'quiet', 'deploy', 'review']) {
      const at = Date.parse((await row(pane).locator('time').getAttribute('datetime'))!);
      expect(await plain(row(pane).locator('time')), `${code} ${pane}`).toBe(await written(page, at, CLOCK));
    }
    const weekday = await written(page, twoDaysAgo, { weekday: 'short' });
    expect(await plain(row('older').locator('time'))).toBe(weekday.charAt(0).toLocaleUpperCase(code) + weekday.slice(1)); // a label: "Пн", not "пн"
    await expect(row('deploy').locator('.draft-mark')).toHaveText(say(words, 'list.draft'));
    const closed = page.getByRole('region', { name: say(words, 'conversations.closed') }).locator('a[data-conversation]');
    await expect(closed.locator('time')).toBeVisible();
    const closedAt = Date.parse((await closed.locator('time').getAttribute('datetime'))!);
    // Closed today: its time, not a bare date.
    expect(await plain(closed.locator('time'))).toBe(await written(page, closedAt, CLOCK));
    for (const colorScheme of SCHEMES) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `${SHOTS}/list-${code}-${colorScheme}.png`, fullPage: true });
      await noViolations(page, `list, ${colorScheme}`);
    }
  }
  // 200 % text in the longest language: no time, title or mark is cut.
  await page.setViewportSize({ width: 206, height: 458 });
  await expect(page.locator('a[data-pane]').first()).toBeVisible();
  expect(await clippedWords(page, '.row-time, .conversation-title, .draft-mark, .row-badges')).toEqual([]);
  // Where a conversation lives keeps its words whole: its state goes under it rather than over it.
  const squeezed = await page.locator('a[data-pane]').evaluateAll((rows) =>
    rows.flatMap((row) => {
      const place = row.querySelector('.conversation-place')!.getBoundingClientRect();
      const badges = row.querySelector('.row-badges')!.getBoundingClientRect();
      const overlap = place.right > badges.left && badges.right > place.left && place.bottom > badges.top && badges.bottom > place.top;
      return overlap || place.height > 3 * badges.height ? [row.getAttribute('data-pane')] : [];
    }),
  );
  expect(squeezed).toEqual([]);
  // Each of a row's lines takes the row's whole width: a title breaks a word only when the row has no room left for it.
  const narrow = await page.locator('a[data-pane]').evaluateAll((rows) =>
    rows.flatMap((row) => {
      const style = getComputedStyle(row);
      const inner = row.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return [...row.children].some((line) => line.getBoundingClientRect().width < inner - 1) ? [row.getAttribute('data-pane')] : [];
    }),
  );
  expect(narrow).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/list-ru-200.png`, fullPage: true });
});

test('a stale chat address says the conversation is no longer there, leads back, and is read less and less often', async ({ page }) => {
  const desk = await deskAndBridge(page);
  desk.collie.workspace('w', { title: 'Work' }).tab('t', { title: 'Main' }).pane('p', { title: 'Release' });
  const url = await desk.start();
  const reads: number[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/panes/gone')) reads.push(Date.now());
  });
  await page.goto(`${url}#/agent/desk/chat/gone`);
  await expect(page.getByRole('main')).toContainText(say(ENGLISH, 'chat.notOpen'));
  // 1 s, 2 s, 4 s between reads (then 8, 16, … up to once a minute), not one a second for ever.
  await expect.poll(() => reads.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
  const gaps = reads.slice(1, 4).map((at, i) => at - reads[i]!);
  expect(gaps[2], `gaps ${gaps.join(', ')} ms`).toBeGreaterThan(3000);
  expect(gaps[2]!).toBeGreaterThan(gaps[0]! * 2);

  for (const { code, words } of LANGUAGES) {
    await speak(page, url, code);
    await page.goto(`${url}#/agent/desk/chat/gone`);
    await expect(page.getByRole('main')).toContainText(say(words, 'chat.notOpen'));
    for (const colorScheme of SCHEMES) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `${SHOTS}/gone-${code}-${colorScheme}.png` });
    }
    await page.getByRole('link', { name: say(words, 'chat.backToList') }).click();
    await expect(page).toHaveURL(/#\/agent\/desk$/);
    await expect(page.locator('a[data-pane="p"]')).toBeVisible();
  }
});

test('the person’s own message links its https addresses, opened safely; the rest stays text', async ({ page }) => {
  const desk = await deskAndBridge(page);
  const text = 'See https://example.org/docs?a=1. Not javascript:alert(1), nor http://plain.example/x, nor <b>bold</b>.';
  desk.collie.workspace('w', { title: 'Work' }).tab('t', { title: 'Main' }).pane('p', { title: 'Release' }).item({ id: 'u1', kind: 'user', text });
  const url = await desk.start();
  await page.goto(`${url}#/agent/desk/chat/p`);
  const mine = page.locator('ol.entries li.user');
  await expect(mine).toHaveText(text);
  const links = mine.getByRole('link');
  await expect(links).toHaveCount(1);
  await expect(links).toHaveText('https://example.org/docs?a=1');
  await expect(links).toHaveAttribute('href', 'https://example.org/docs?a=1');
  await expect(links).toHaveAttribute('target', '_blank');
  await expect(links).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(mine.locator('b')).toHaveCount(0);
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${SHOTS}/own-link-${colorScheme}.png` });
    await noViolations(page, `a link in the person's own message, ${colorScheme}`);
  }
});

test('a watch-only phone is not told it answered: the line says what was answered, in each language', async ({ page, browser }) => {
  const desk = await deskAndBridge(page);
  const pane = desk.collie.workspace('w', { title: 'Work' }).tab('t', { title: 'Main' }).pane('p', { title: 'Release' });
  const answered = pane.ask({ kind: 'choice', toolCallId: 'ship', title: 'Ship it?', multiple: false, options: [{ id: 'y', label: 'Yes' }] });
  const url = await desk.start();
  const watcher = await browser.newContext();
  run.later(() => watcher.close());
  const watch = await watcher.newPage();
  await pairAnotherPhone(watch, await collieLink(desk.dirs, ['--watch']), page);

  // The phone that acts answers; the watch-only phone reads the line it leaves.
  await page.goto(`${url}#/agent/desk/chat/p`);
  await page.getByRole('article', { name: 'Ship it?' }).getByRole('button', { name: 'Yes' }).click();
  expect(await answered).toEqual({ optionIds: ['y'] });
  const answerer = ((await (await page.request.get(`${url}api/device`)).json()) as { device: { name: string } }).device.name;
  for (const { code, words } of LANGUAGES) {
    await speak(watch, url, code);
    await watch.goto(`${url}#/agent/desk/chat/p`);
    const line = watch.locator('ol.entries li.decision');
    // The question, what was answered, and by whom: the other phone, by its name, never "this phone" or "you".
    await expect(line.locator('.given-answer')).toHaveText(say(words, 'chat.answered', { answer: 'Yes' }));
    await expect(line.locator('.given-question')).toHaveText('Ship it?');
    await expect(line.locator('.given-meta')).toContainText(say(words, 'chat.byDevice', { device: answerer }));
    await expect(line).not.toContainText(say(words, 'chat.byThisPhone'));
    await expect(line).not.toContainText(/You answered|你的回答|Ваш ответ/);
    for (const colorScheme of SCHEMES) {
      await watch.emulateMedia({ colorScheme });
      await watch.screenshot({ path: `${SHOTS}/watch-answered-${code}-${colorScheme}.png` });
    }
  }
});

test('the notifications switch is a switch, and a push service that never answers ends, after the wait, in a sentence and off', async ({ page, context }) => {
  test.slow(); // three languages, light and dark, each looked at by axe-core
  // The browser's subscribe as it is with a push service that cannot be reached: it never answers.
  await page.addInitScript(() => {
    const calls = { count: 0 };
    Object.defineProperty(window, 'subscribeCalls', { get: () => calls.count });
    PushManager.prototype.subscribe = function () {
      calls.count += 1;
      return new Promise<PushSubscription>(() => {});
    };
    PushManager.prototype.getSubscription = async () => null;
  });
  const desk = await deskAndBridge(page, { asks: true });
  const url = await desk.start();
  await context.grantPermissions(['notifications'], { origin: new URL(url).origin });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const calls = () => page.evaluate(() => (window as unknown as { subscribeCalls: number }).subscribeCalls);
  // The page's timers from here on run on the test's clock (ticking as usual): the wait is passed, not slept.
  await page.clock.install();

  for (const { code, words } of LANGUAGES) {
    await speak(page, url, code);
    await page.reload(); // a fresh screen: the last language's sentence does not stay
    const toggle = page.getByRole('switch', { name: say(words, 'notify.switch') });
    const state = page.locator('#notify-state');
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(await toggle.evaluate((el) => el.tagName)).toBe('BUTTON'); // not a checkbox
    await expect(toggle.locator('.switch-thumb')).toBeVisible();
    await expect(state).toHaveText(say(words, 'notify.off'));
    if (code === 'en') await noViolations(page, 'settings, switch off');

    const before = await calls();
    await toggle.click();
    await expect(state).toHaveText(say(words, 'notify.working'));
    await expect(toggle).toHaveAttribute('aria-busy', 'true');
    await expect.poll(calls).toBe(before + 1);
    await page.clock.runFor(15_000);
    const why = sayCount(words, code, 'notify.why.pushTimeout', 15);
    await expect(state).toHaveText(say(words, 'notify.failed', { why }));
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(toggle).toBeEnabled();
    for (const colorScheme of SCHEMES) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `${SHOTS}/switch-timeout-${code}-${colorScheme}.png`, fullPage: true });
      await noViolations(page, `settings, switch gave up, ${colorScheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }
  // 200 % text in the longest language: the switch and its sentence keep their words.
  await page.setViewportSize({ width: 206, height: 458 });
  expect(await clippedWords(page, '.switch-row, .switch-label, #notify-state')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/switch-ru-200.png`, fullPage: true });
});

test.beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
});
