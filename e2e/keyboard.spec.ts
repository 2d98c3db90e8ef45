import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { openCollie, type SendContext } from '../src/agent/kit';
import type { Answer } from '../src/wire/types';
import { pairPhone } from './support/pair';
import { scratch, startBridge, writeSources } from './support/processes';
import { stopAfterEach } from './support/started';

/**
 * Everything a person does with a pointer can be done with the keyboard alone: a choice card is
 * answered and a message sent with Tab and Enter, and each control shows where the focus is.
 */
const run = stopAfterEach();

/** What has the focus: its role-ish tag and its name, as a screen reader would say it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { tag: el?.tagName.toLowerCase() ?? '', name: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '', ring: el ? getComputedStyle(el).outlineStyle : 'none' };
  });

/** Presses Tab until the focus is on what `wanted` accepts (at most `limit` times), checking each stop shows a focus ring. */
async function tabTo(page: Page, wanted: (f: { tag: string; name: string }) => boolean, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (now.tag !== 'body') expect(now.ring, `the focus ring on ${now.tag} "${now.name}"`).not.toBe('none');
    if (wanted(now)) return;
  }
  throw new Error('never reached by Tab');
}

test('a choice card is answered and a message sent with the keyboard alone', async ({ page }) => {
  const dirs = (run.dirs = await scratch());
  const socket = join(dirs.socketDir, 'desk', 'app.sock');
  const agent = (run.agent = await openCollie({ socket, hostName: 'desk', caps: { asks: true, send: true }, log: () => {} }));
  const pane = agent.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Release' });
  const answers: Answer[] = [];
  void pane
    .ask({
      kind: 'choice',
      toolCallId: 'env',
      title: 'Which environment?',
      options: [
        { id: 'staging', label: 'Staging' },
        { id: 'prod', label: 'Production' },
      ],
    })
    .then(
      (a) => answers.push(a),
      () => {},
    );
  const sent: SendContext[] = [];
  agent.handle({ send: (turn) => void sent.push(turn) });
  agent.ready();
  await writeSources(dirs.configDir, [{ name: 'desk', kind: 'durable', socket }]);
  const started = await startBridge(dirs);
  run.bridge = started.proc;
  await pairPhone(page, started.link);
  await page.goto(`${started.url}#/agent/desk/chat/p`);
  await expect(page.getByRole('article', { name: 'Which environment?' })).toBeVisible();

  await tabTo(page, (f) => f.tag === 'button' && f.name === 'Production');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article', { name: 'Which environment?' })).toHaveCount(0);
  await expect.poll(() => answers).toEqual([{ optionIds: ['prod'] }]);

  await tabTo(page, (f) => f.tag === 'textarea');
  await page.keyboard.type('ship it');
  await tabTo(page, (f) => f.tag === 'button' && f.name === 'Send');
  await page.keyboard.press('Enter');
  await expect.poll(() => sent.map((turn) => turn.text)).toEqual(['ship it']);
});
