import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { Proc, scratch, startBridge, writeSources } from './support/processes';
import { pairPhone } from './support/pair';
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
    spawn(join(ROOT, 'node_modules', '.bin', 'bun'), [join(ROOT, 'src/agent/caller/testing/self-answer-agent.ts'), socket], {
      env: { ...process.env, COLLIE_TEST_NODE: process.execPath },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  try {
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
  } finally {
    await agent.stop();
  }
});
