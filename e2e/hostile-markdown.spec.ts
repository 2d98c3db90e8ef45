import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { openCollie } from '../src/agent/kit';
import { hasRemovedCharacter } from '../src/wire/clean';
import { scratch, startBridge, writeSources } from './support/processes';
import { pairPhone } from './support/pair';
import { stopAfterEach } from './support/started';

/**
 * Markdown whose character references decode into the characters the bridge's cleaner removes
 * (direction, invisible, control): after the phone renders it, no text node and no attribute in
 * the page holds one.
 */
const REFERENCES = ['&#x202E;', '&#8203;', '&zwj;', '&#xE0041;', '&#x1b;', '&#x85;', '&#x2066;'];

const run = stopAfterEach();

test('character references in markdown never bring back a removed character', async ({ page }) => {
  const dirs = (run.dirs = await scratch());
  const socket = join(dirs.socketDir, 'agent', 'app.sock');
  const collie = (run.agent = await openCollie({ socket, hostName: 'desk', log: () => {} }));
  const pane = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Hostile' });
  REFERENCES.forEach((ref, i) => {
    pane.item({
      id: `md-${i}`,
      kind: 'markdown',
      text: [`## Payload ${i}`, '', `text a${ref}b and **bold${ref}**`, '', `[link ${i} a${ref}b](https://example.com/${ref}x) and [edge ${i}](https://example.com/x${ref})`].join(
        '\n',
      ),
    });
  });
  pane.item({ id: 'md-safe', kind: 'markdown', text: '## Safe\n\n[a safe link](https://example.com/ok)' });
  collie.ready();
  await writeSources(dirs.configDir, [{ name: 'desk', kind: 'durable', socket }]);
  const started = await startBridge(dirs);
  run.bridge = started.proc;

  await pairPhone(page, started.link);
  await page.getByRole('region', { name: 'Durable agents' }).getByRole('link', { name: /desk/ }).click();
  await page.getByRole('link', { name: /Hostile/ }).click();
  const chat = page.getByRole('main');
  // Headings exist only once the renderer has loaded and drawn every item.
  for (let i = 0; i < REFERENCES.length; i++) await expect(chat.getByRole('heading', { name: `Payload ${i}` })).toBeVisible();
  await expect(chat.getByRole('link', { name: 'a safe link' })).toHaveAttribute('href', 'https://example.com/ok');
  await expect(chat.locator('.markdown.pending')).toHaveCount(0);

  const strings = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node instanceof Element) for (const attr of Array.from(node.attributes)) out.push(attr.value);
      else out.push(node.textContent ?? '');
    }
    return out;
  });
  expect(strings.length).toBeGreaterThan(REFERENCES.length);
  expect(strings.filter((s) => hasRemovedCharacter(s, { multiline: true }))).toEqual([]);

  // A link whose address held a removed character keeps its words and loses its link.
  for (let i = 0; i < REFERENCES.length; i++) {
    await expect(chat.getByText(`link ${i} ab`)).toBeVisible();
    await expect(chat.getByText(`edge ${i}`)).toBeVisible();
  }
  // Only the safe link, and the two holding `&#x85;`: in an attribute the HTML parser reads that
  // reference as U+2026 (…), the windows-1252 meaning, not as a control, so nothing was removed.
  const hrefs = await chat.locator('.markdown a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs.sort()).toEqual(['https://example.com/ok', 'https://example.com/x\u2026', 'https://example.com/\u2026x'].sort());
});
