import { devices, expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { openCollie } from '../src/agent/kit';
import { noViolations } from './support/axe';
import { pairPhone } from './support/pair';
import { scratch, startBridge, writeSources } from './support/processes';
import { stopAfterEach } from './support/started';
import { LANGUAGES, say } from './support/words';

/**
 * What an agent's chat shows beyond words, at phone size: GFM tables that scroll inside their
 * bubble, task lists, highlighted code and edits drawn as diffs (a ```diff fence, a code item in
 * `diff`, a tool's output), in light and dark and each language, with no axe-core violation. The
 * highlighter is its own chunk: a chat without code never loads it.
 */
const run = stopAfterEach();

const TABLE = [
  '## Release notes',
  '',
  '| File | Change | Lines | Reviewer |',
  '|:-----|:------:|------:|----------|',
  '| src/app/markdown/render-markdown.ts | tables-and-task-lists | 120 | someone-with-a-long-handle |',
  '| src/app/markdown/parse-diff.ts | new | 98 | another-long-handle-here |',
  '',
  '- [x] write the tests',
  '- [ ] ship it',
].join('\n');

const CODE = [
  'The fix, and the edit:',
  '',
  '```ts',
  'export const port: number = 8080; // the default',
  '```',
  '',
  '```diff',
  '--- a/src/server.ts',
  '+++ b/src/server.ts',
  '@@ -12,3 +12,4 @@ export function start() {',
  '   const port = 8080;',
  '-  listen(port);',
  '+  const host = "0.0.0.0";',
  '+  listen(port, host); // a long line that runs past the edge of a phone, so the diff scrolls sideways inside its own block',
  '   return port;',
  '```',
].join('\n');

const TOOL_DIFF = ['--- a/README.md', '+++ b/README.md', '@@ -1,2 +1,2 @@', ' # Collie', '-Old words.', '+New words.'].join('\n');

/** An agent with a chat that has no code, and one that has every rich kind; the bridge; a paired phone. */
async function setUp(page: Page) {
  const dirs = (run.dirs = await scratch());
  const socket = join(dirs.socketDir, 'desk', 'app.sock');
  const collie = (run.agent = await openCollie({ socket, hostName: 'desk', log: () => {} }));
  const tab = collie.workspace('w', { title: 'Work' }).tab('t', { title: 'Main' });
  const plain = tab.pane('plain', { title: 'Plain' });
  plain.item({ id: 'p1', kind: 'markdown', text: '## Plain words\n\nNo code here, only **words**, a [link](https://example.com/) and a list:\n\n- one\n- two' });
  plain.item({ id: 'p2', kind: 'code', text: 'no language named, so nothing to colour' });
  plain.item({ id: 'p3', kind: 'tool', toolCallId: 'ls', name: 'bash', summary: 'ls', status: 'done', output: 'a.txt\nb.txt' });
  const rich = tab.pane('rich', { title: 'Rich' });
  rich.item({ id: 'r1', kind: 'markdown', text: TABLE });
  rich.item({ id: 'r2', kind: 'markdown', text: CODE });
  rich.item({ id: 'r3', kind: 'code', language: 'python', text: 'def greet(name: str) -> str:\n    return f"hello {name}"  # greet' });
  rich.item({ id: 'r4', kind: 'code', language: 'diff', text: '@@ -3 +3 @@\n-retries = 1\n+retries = 3' });
  rich.item({ id: 'r5', kind: 'tool', toolCallId: 'edit', name: 'edit', summary: 'README.md', status: 'done', output: TOOL_DIFF });
  collie.ready();
  await writeSources(dirs.configDir, [{ name: 'desk', kind: 'durable', socket }]);
  const started = await startBridge(dirs);
  run.bridge = started.proc;
  // Every script the page asks for (the service worker's own precaching is not the page's).
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await pairPhone(page, started.link);
  return {
    url: started.url,
    highlighterLoaded: () => scripts.some((path) => /\/assets\/highlight-[^/]*\.js$/.test(path)),
    // Markup made on the page's own thread (the maker's way when there is no worker) loads this chunk; the worker has its own copy.
    markupMadeOnPage: () => scripts.some((path) => /\/assets\/answer-job-[^/]*\.js$/.test(path)),
  };
}

/** The page is no wider than the screen, and has not scrolled sideways. */
async function pageKeepsItsWidth(page: Page) {
  expect(await page.evaluate(() => [document.documentElement.scrollWidth <= window.innerWidth, window.scrollX])).toEqual([true, 0]);
}

test('tables scroll in their bubble, tasks are checkboxes, code is highlighted and edits are diffs; the highlighter loads only for code, in the markup worker', async ({
  page,
}) => {
  const phone = await setUp(page);
  expect(phone.highlighterLoaded()).toBe(false); // the dashboard

  await page.goto(`${phone.url}#/agent/desk/chat/plain`);
  const chat = page.getByRole('main');
  await expect(chat.getByRole('heading', { name: 'Plain words' })).toBeVisible();
  await expect(chat.getByText('no language named, so nothing to colour')).toBeVisible();
  expect(phone.highlighterLoaded()).toBe(false); // a chat without code that names a language

  await page.goto(`${phone.url}#/agent/desk/chat/rich`);
  await expect(chat.getByRole('heading', { name: 'Release notes' })).toBeVisible();

  // The table: cells in a <table>, in a box that scrolls sideways inside the bubble, not the page.
  const table = chat.locator('.markdown .table-scroll');
  await expect(table.locator('table th')).toHaveText(['File', 'Change', 'Lines', 'Reviewer']);
  await expect(table.locator('table tbody tr').first().locator('td')).toHaveText([
    'src/app/markdown/render-markdown.ts',
    'tables-and-task-lists',
    '120',
    'someone-with-a-long-handle',
  ]);
  const [wide, box] = await table.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(wide).toBeGreaterThan(box);
  const bubble = (await chat.locator('li.markdown-item', { has: page.locator('.table-scroll') }).boundingBox())!;
  expect(bubble.x + bubble.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await table.scrollIntoViewIfNeeded();
  const at = (await table.boundingBox())!;
  await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
  await page.mouse.wheel(300, 0);
  await expect.poll(() => table.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await pageKeepsItsWidth(page);

  // The task list: disabled checkboxes named by their words, ticked when done.
  await expect(chat.getByRole('checkbox', { name: 'write the tests' })).toBeChecked();
  await expect(chat.getByRole('checkbox', { name: 'write the tests' })).toBeDisabled();
  await expect(chat.getByRole('checkbox', { name: 'ship it' })).not.toBeChecked();
  await expect(chat.getByRole('checkbox', { name: 'ship it' })).toBeDisabled();

  // Highlighted code: token spans, in the fence and in a code item, once the highlighter has loaded.
  await expect(chat.locator('.markdown pre code.hljs .hljs-keyword').first()).toHaveText('export');
  await expect(chat.locator('.markdown pre code.hljs .hljs-comment')).toHaveText('// the default');
  await expect(chat.locator('li.code pre code.hljs .hljs-keyword').first()).toHaveText('def');
  await expect(chat.locator('li.code pre code.hljs .hljs-string').first()).toContainText('hello');
  expect(phone.highlighterLoaded()).toBe(true);
  // All of it made off the page's thread, by the markup worker: the page only sanitised it.
  expect(page.workers().some((worker) => /\/assets\/markup-worker-[^/]*\.js$/.test(worker.url()))).toBe(true);
  expect(phone.markupMadeOnPage()).toBe(false);

  // The ```diff fence: the file as a header, old and new line numbers, a sign and <ins>/<del> on each changed line.
  const fence = chat.locator('.markdown .diff-scroll');
  await expect(fence.locator('tr.diff-file th')).toHaveText('src/server.ts');
  await expect(fence.locator('tr.diff-del td')).toHaveText(['13', '', '\u2212', '  listen(port);']);
  await expect(fence.locator('tr.diff-add').first().locator('td')).toHaveText(['', '13', '+', '  const host = "0.0.0.0";']);
  await expect(fence.locator('tr.diff-context').first().locator('td')).toHaveText(['12', '12', '', '  const port = 8080;']);
  await expect(fence.locator('tr.diff-del del')).toHaveText('  listen(port);');
  await expect(fence.locator('tr.diff-add ins')).toHaveCount(2);
  const [diffWide, diffBox] = await fence.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(diffWide).toBeGreaterThan(diffBox); // the long line scrolls inside the block
  await pageKeepsItsWidth(page);

  // A code item in `diff`, named for a screen reader.
  const item = chat.getByRole('group', { name: 'Code, diff' });
  await expect(item.locator('tr.diff-del td')).toHaveText(['3', '', '\u2212', 'retries = 1']);
  await expect(item.locator('tr.diff-add td')).toHaveText(['', '3', '+', 'retries = 3']);

  // A tool whose output is a diff: drawn as one once unfolded.
  await chat.locator('li.tool').filter({ hasText: 'README.md' }).getByText('Output').click();
  const output = chat.getByRole('group', { name: 'Output' });
  await expect(output.locator('tr.diff-file th')).toHaveText('README.md');
  await expect(output.locator('tr.diff-del td')).toHaveText(['2', '', '\u2212', 'Old words.']);
  await expect(output.locator('tr.diff-add td')).toHaveText(['', '2', '+', 'New words.']);

  // Light and dark: every colour readable (axe-core reads the contrast of each token and line), and different in each.
  const keywordColour = () =>
    chat
      .locator('.markdown .hljs-keyword')
      .first()
      .evaluate((el) => getComputedStyle(el).color);
  const light = await keywordColour();
  await noViolations(page, 'rich chat, light');
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await keywordColour()).not.toBe(light);
  await noViolations(page, 'rich chat, dark');
});

test('in Chinese and Russian the rich chat draws the same and passes axe-core, light and dark', async ({ page, browser }) => {
  test.slow(); // four axe-core runs over a long chat
  const phone = await setUp(page);
  const paired = await page.context().storageState();
  for (const { tag, code, words } of LANGUAGES.filter((language) => language.code !== 'en')) {
    const context = await browser.newContext({ ...devices['Pixel 7'], storageState: paired, locale: tag });
    try {
      const other = await context.newPage();
      await other.goto(`${phone.url}#/agent/desk/chat/rich`);
      const chat = other.getByRole('main');
      await expect(chat.locator('.markdown .table-scroll table td').first()).toHaveText('src/app/markdown/render-markdown.ts');
      await expect(chat.locator('.markdown pre code.hljs .hljs-keyword').first()).toHaveText('export');
      await expect(chat.getByRole('group', { name: say(words, 'item.code.labelled', { language: 'diff' }) }).locator('tr.diff-add ins')).toHaveText('retries = 3');
      await chat.locator('li.tool').filter({ hasText: 'README.md' }).getByText(say(words, 'item.tool.output')).click();
      await expect(chat.getByRole('group', { name: say(words, 'item.tool.output') }).locator('tr.diff-add ins')).toHaveText('New words.');
      await pageKeepsItsWidth(other);
      for (const colorScheme of ['light', 'dark'] as const) {
        await other.emulateMedia({ colorScheme });
        await noViolations(other, `rich chat, ${code}, ${colorScheme}`);
      }
      // 200 % text, as a phone's largest setting gives: tables and diffs still scroll inside their
      // blocks, and a task's checkbox stays inside its bubble.
      await other.evaluate(() => document.documentElement.style.setProperty('font-size', '200%', 'important'));
      await pageKeepsItsWidth(other);
      const tick = (await chat.getByRole('checkbox', { name: 'write the tests' }).boundingBox())!;
      const bubble = (await chat.locator('li.markdown-item', { has: other.locator('.table-scroll') }).boundingBox())!;
      expect(tick.x).toBeGreaterThanOrEqual(bubble.x);
      expect(tick.x + tick.width).toBeLessThanOrEqual(bubble.x + bubble.width);
    } finally {
      await context.close();
    }
  }
});
