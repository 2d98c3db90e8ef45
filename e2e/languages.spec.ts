import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { openCollie, type SendContext } from '../src/agent/kit';
import type { Answer } from '../src/wire/types';
import { pairPhone } from './support/pair';
import { scratch, startBridge, writeSources } from './support/processes';
import { stopAfterEach } from './support/started';
import { ENGLISH as en, inLanguage, LANGUAGES, say, type Catalog } from './support/words';

/**
 * The main story in each language the app speaks, the phone's language set as a person's phone
 * sets it: the dashboard, a chat, each kind of card answered, a message sent. Each screen says
 * `lang`, shows no sentence of en.json (but the glossary's terms), and is photographed for review.
 */
const SHOTS = join(import.meta.dirname, '..', 'test-results', 'languages');

const run = stopAfterEach();

/**
 * English sentences of the app found on the screen (text, and accessible names). Placeholders
 * split a sentence into its fixed parts; parts of one short word are left out, since the agent's
 * own words (English here) may hold them.
 */
async function englishOnScreen(page: Page, words: Catalog): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const names = [...document.querySelectorAll('[aria-label], button, a, label, h1, h2, h3, [role="status"], [role="alert"]')].map(
      (el) => el.getAttribute('aria-label') ?? el.textContent ?? '',
    );
    return `${document.body.innerText}\n${names.join('\n')}`;
  });
  const found: string[] = [];
  for (const [key, value] of Object.entries(en)) {
    const own = words[key];
    for (const text of typeof value === 'string' ? [value] : Object.values(value)) {
      const theirs = typeof own === 'string' ? [own] : own ? Object.values(own) : [];
      if (theirs.includes(text)) continue; // the same in this language (a glossary term, or a name)
      for (const part of text.split(/\{\w+\}/)) if (part.trim().split(/\s+/).length >= 2 && shown.includes(part.trim())) found.push(`${key}: "${part.trim()}"`);
    }
  }
  return found;
}

/** Controls whose words do not fit them (cut off, or spilling out), and a page wider than the screen. */
async function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = [...document.querySelectorAll<HTMLElement>('button, a, label, h1, h2, h3, .badge, .pane-state')]
      .filter((el) => el.offsetParent !== null && el.clientWidth > 1 && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
      .map((el) => `${el.tagName.toLowerCase()} "${el.textContent?.trim()}"`);
    if (document.documentElement.scrollWidth > window.innerWidth + 1) found.push(`the page is ${document.documentElement.scrollWidth}px wide on a ${window.innerWidth}px screen`);
    return found;
  });
}

async function setUp(browser: Browser, tag: string) {
  const dirs = (run.dirs = await scratch());
  const socket = join(dirs.socketDir, 'desk', 'app.sock');
  const agent = (run.agent = await openCollie({ socket, hostName: 'desk', caps: { asks: true, send: true }, log: () => {} }));
  const pane = agent.workspace('w', { title: 'Work' }).tab('t', { title: 'Main' }).pane('p', { title: 'Release' });
  pane.item({ id: 'i1', kind: 'reply', text: 'The build is green.' });
  const answers: Answer[] = [];
  const keep = (asked: Promise<Answer>) =>
    void asked.then(
      (a) => answers.push(a),
      () => {},
    );
  keep(
    pane.ask({
      kind: 'permission',
      toolCallId: 'rm',
      title: 'model words',
      tool: { name: 'bash', input: { command: 'rm -rf build/' } },
      options: [
        { id: 'allow', label: 'Allow', effect: 'allow' },
        { id: 'deny', label: 'Deny', effect: 'deny' },
      ],
    }),
  );
  keep(
    pane.ask({
      kind: 'choice',
      toolCallId: 'env',
      title: 'Which environment?',
      options: [
        { id: 'staging', label: 'Staging' },
        { id: 'prod', label: 'Production' },
      ],
    }),
  );
  keep(pane.ask({ kind: 'text', toolCallId: 'name', title: 'Name the server' }));
  keep(pane.ask({ kind: 'form', toolCallId: 'release', title: 'Release details', fields: [{ id: 'version', label: 'Version', type: 'text', required: true }] }));
  const sent: SendContext[] = [];
  agent.handle({ send: (turn) => void sent.push(turn) });
  agent.ready();
  await writeSources(dirs.configDir, [{ name: 'desk', kind: 'durable', socket }]);
  const started = await startBridge(dirs);
  run.bridge = started.proc;
  const context = await browser.newContext({ locale: tag, viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await pairPhone(page, started.link);
  return { page, url: started.url, answers, sent };
}

for (const { tag, code, words } of LANGUAGES) {
  test(`the main story in ${code}: dashboard, chat, each card kind answered, a message sent`, inLanguage(code), async ({ browser }) => {
    const { page, url, answers, sent } = await setUp(browser, tag);
    await mkdir(SHOTS, { recursive: true });
    const look = async (name: string) => {
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(code);
      expect(await englishOnScreen(page, words)).toEqual([]);
      expect(await clipped(page)).toEqual([]);
      await page.screenshot({ path: join(SHOTS, `${code}-${name}.png`) });
    };

    await page.goto(`${url}#/`);
    await expect(page.locator('[data-agent="desk"]')).toBeVisible();
    await look('dashboard');

    await page.locator('[data-agent="desk"]').click();
    await expect(page.getByRole('link', { name: /Release/ })).toBeVisible();
    await look('list');

    await page.getByRole('link', { name: /Release/ }).click();
    const permission = page.getByRole('article', { name: say(words, 'ask.permission.headline', { tool: 'bash' }) });
    await expect(permission).toContainText('rm -rf build/');
    await look('chat-with-cards');

    await permission.getByRole('button', { name: 'Allow' }).click();
    await expect(permission).toHaveCount(0);
    const choice = page.getByRole('article', { name: 'Which environment?' });
    await choice.getByRole('button', { name: 'Staging' }).click(); // one of several: the tap is the answer
    await expect(choice).toHaveCount(0);
    const text = page.getByRole('article', { name: 'Name the server' });
    await text.getByRole('textbox').fill('web-3');
    await text.getByRole('textbox').press('Enter');
    await expect(text).toHaveCount(0);
    const form = page.getByRole('article', { name: 'Release details' });
    await form.getByRole('textbox', { name: /Version/ }).fill('2.0.0');
    await form.getByRole('button', { name: say(words, 'ask.submit') }).click();
    await expect(form).toHaveCount(0);
    await expect.poll(() => answers.length).toBe(4);
    const log = page.locator('ol.entries');
    await expect(log).toContainText(say(words, 'chat.answered', { answer: 'Allow' }));
    // What this phone typed is shown back under its question (decision-line.tsx).
    await expect(log).toContainText(say(words, 'chat.answerField', { label: 'Version', value: '2.0.0' }));
    await expect(log).toContainText(say(words, 'chat.answered', { answer: say(words, 'chat.quoted', { text: 'web-3' }) }));

    const composer = page.getByRole('region', { name: say(words, 'composer.title') });
    await composer.getByLabel(say(words, 'composer.label')).fill('ship it');
    await composer.getByRole('button', { name: say(words, 'composer.send'), exact: true }).click();
    await expect.poll(() => sent.map((turn) => turn.text)).toEqual(['ship it']);
    await look('chat-answered-and-sent');

    await page.goto(`${url}#/settings`);
    await expect(page.getByRole('heading', { name: say(words, 'settings.title') })).toBeVisible();
    await look('settings');
  });
}

test('at 200 % text size every screen keeps its words and fits the phone, in the longest language (Russian)', async ({ browser }) => {
  const { page, url } = await setUp(browser, 'ru-RU');
  // A phone's 200 % text size: the same screen, every CSS pixel twice as large (half as many across).
  await page.setViewportSize({ width: 206, height: 458 });
  const screens: [string, string][] = [
    ['#/', '[data-agent="desk"]'],
    ['#/agent/desk', 'a.conversation-row'],
    ['#/agent/desk/chat/p', 'article'],
    ['#/settings', 'header.screen-header h2'],
  ];
  for (const [hash, drawn] of screens) {
    await page.goto(`${url}${hash}`);
    await expect(page.locator(drawn).first()).toBeVisible();
    expect(await clipped(page), hash).toEqual([]);
  }
});
