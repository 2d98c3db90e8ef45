import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { openCollie, type Collie, type PaneHandle } from '../src/agent/kit';
import type { Answer } from '../src/wire/types';
import { pairPhone } from './support/pair';
import { scratch, startBridge, writeSources } from './support/processes';
import { stopAfterEach } from './support/started';
import { LANGUAGES, say } from './support/words';

/**
 * What the card says when a tap cannot be delivered, in each language: the agent down is "Not
 * sent" with a Try again that delivers it once the agent is back; the bridge down is said only
 * while it is down, and a card is as it was once taps go out again.
 */
const run = stopAfterEach();

for (const { tag, words } of LANGUAGES) {
  test.describe(tag, () => {
    test.use({ locale: tag });

    test('a tap the bridge could not deliver is "Not sent", and its Try again delivers it once the agent is back', async ({ page }) => {
      const dirs = (run.dirs = await scratch());
      const socket = join(dirs.socketDir, 'a', 'app.sock');
      const answers: Answer[] = [];
      let collie: Collie;
      const openAgent = async (): Promise<PaneHandle> => {
        collie = run.agent = await openCollie({ socket, hostName: 'a', caps: { asks: true }, log: () => {} });
        const pane = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Deploy' });
        void pane
          .ask({ kind: 'choice', toolCallId: 'ship', title: 'Ship to production?', options: [{ id: 'y', label: 'Yes' }] })
          .then((answer) => answers.push(answer))
          .catch(() => {});
        collie.ready();
        return pane;
      };
      await openAgent();
      await writeSources(dirs.configDir, [{ name: 'a', kind: 'durable', socket }]);
      let started = await startBridge(dirs);
      run.bridge = started.proc;
      await pairPhone(page, started.link);
      await page.goto(`${started.url}#/agent/a/chat/p`);
      const card = page.getByRole('article', { name: 'Ship to production?' });
      await expect(card).toBeVisible();

      // The bridge stops answering: a tap sends nothing, says why, and only while it lasts.
      await run.bridge.stop();
      run.bridge = undefined;
      await expect(page.getByRole('alert')).toBeVisible();
      await card.getByRole('button', { name: 'Yes' }).click();
      await expect(card).toContainText(say(words, 'tap.bridgeDown'));
      started = await startBridge(dirs, ['--port', new URL(started.url).port]);
      run.bridge = started.proc;
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(card).not.toContainText(say(words, 'tap.bridgeDown'));
      await expect(card.getByRole('button', { name: 'Yes' })).toBeEnabled();

      // The agent is down: nothing reaches it, and the card says exactly that.
      await collie!.close();
      await card.getByRole('button', { name: 'Yes' }).click();
      await expect(card).toContainText(say(words, 'ask.outcome.notSent'));
      expect(answers).toEqual([]);
      // For review: the card as it says so, light and dark.
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await card.screenshot({ path: join(import.meta.dirname, '..', 'test-results', 'not-sent', `${tag}-${colorScheme}.png`) });
      }
      await openAgent();
      await card.getByRole('button', { name: say(words, 'ask.tryAgain') }).click();
      await expect.poll(() => answers).toEqual([{ optionIds: ['y'] }]);
      await expect(card).toHaveCount(0);
    });
  });
}
