import { devices, expect, test, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { wireCall } from '../src/agent/testing';
import { collieLink, Proc, scratch, startBridge, writeSources } from './support/processes';
import { pairAnotherPhone, pairPhone } from './support/pair';
import { stopAfterEach } from './support/started';

/**
 * The caller check, end to end: a real Bun agent whose own processes (a child, and a grandchild
 * whose parent exited) try to answer its permission card over its socket and are refused; the
 * card stays open on the phone, and the person's tap answers it, once.
 */
const ROOT = resolve(import.meta.dirname, '..');
const started = stopAfterEach();

test('an agent’s own tool cannot answer its card: it stays open on the phone, and the person’s tap answers it once', async ({ page }) => {
  const dirs = (started.dirs = await scratch());
  const socket = join(dirs.socketDir, 'selfie', 'app.sock');
  const agent = new Proc(
    spawn(join(ROOT, 'node_modules', '.bin', 'bun'), [join(ROOT, 'src/agent/testing/self-answer-agent.ts'), socket], {
      env: { ...process.env, COLLIE_TEST_NODE: process.execPath },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  started.later(() => agent.stop());
  await agent.waitFor(/^waiting /m, 20_000);
  // Its child and its orphaned grandchild tried, and were refused.
  expect(agent.output.match(/"status":403,"code":"caller-refused"/g)).toHaveLength(2);
  await writeSources(dirs.configDir, [{ name: 'selfie', kind: 'durable', socket }]);
  const bridge = await startBridge(dirs);
  started.bridge = bridge.proc;
  await pairPhone(page, bridge.link);
  await page.goto(`${bridge.url}#/agent/selfie/chat/p`);
  const card = page.getByRole('article', { name: 'bash wants to run' });
  await expect(card).toContainText('rm -rf build/');
  await card.getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(card).toHaveCount(0);
  expect(await agent.waitForExit(10_000)).toBe(0);
  expect(agent.output.match(/"answer":/g)).toHaveLength(1);
  expect(agent.output).toContain('{"answer":{"optionIds":["allow"]}}');
});

test('a bridge the agent itself started: the card says the agent refused the tap, in English, Chinese and Russian', async ({ browser }) => {
  const dirs = (started.dirs = await scratch());
  const socket = join(dirs.socketDir, 'selfie', 'app.sock');
  const bridgeDirs = { stateDir: join(dirs.root, 'bridge-state'), configDir: join(dirs.root, 'bridge-state-config') };
  const agent = new Proc(
    spawn(join(ROOT, 'node_modules', '.bin', 'bun'), [join(ROOT, 'src/agent/testing/self-answer-agent.ts'), socket], {
      env: { ...process.env, COLLIE_TEST_NODE: process.execPath, COLLIE_TEST_BRIDGE_STATE: bridgeDirs.stateDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  started.later(() => agent.stop());
  const [, first] = await agent.waitFor(/Open (http:\/\/\S+#pair=\S+) on your phone/, 20_000);
  const words = {
    en: 'The durable agent refused this tap: it came from a process it started.',
    'zh-CN': 'durable agent 拒绝了这次点击',
    ru: 'Durable-агент отклонил это нажатие',
  };
  let approver: Page | null = null;
  for (const [locale, refusal] of Object.entries(words)) {
    const context = await browser.newContext({ ...devices['Pixel 7'], locale });
    const page = await context.newPage();
    // The English phone pairs through the printed link; each other, through collie pair and its Allow.
    if (approver) await pairAnotherPhone(page, await collieLink(bridgeDirs), approver);
    else await pairPhone(page, first!);
    await page.goto(`${new URL(first!).origin}/#/agent/default/chat/p`);
    const card = page.getByRole('article', { name: /bash/ });
    await expect(card).toContainText('rm -rf build/');
    await card.getByRole('button').first().click();
    await expect(card).toContainText(refusal);
    await page.screenshot({ path: `test-results/caller-check/refused-${locale}.png` });
    if (approver) await context.close();
    else approver = page;
  }
  await approver?.context().close();
  // Still open at the agent; this test's process, which the agent did not start, lets it go.
  const ask = await agent.waitFor(/^waiting (\S+) (\d+)$/m);
  const body = { requestId: 'outside-1', askId: ask[1], revision: Number(ask[2]), answer: { optionIds: ['allow'] } };
  expect((await wireCall(socket, 'POST', '/pane/p/answer', body)).json).toEqual({ outcome: 'taken' });
  expect(await agent.waitForExit(10_000)).toBe(0);
});
