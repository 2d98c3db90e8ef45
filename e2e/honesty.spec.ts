import { expect, test } from '@playwright/test';
import { createServer } from 'node:http';
import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { openCollie, type Collie } from '../src/agent/kit';
import { scratch, startBridge, writeSources } from './support/processes';
import { pairPhone } from './support/pair';
import { stopAfterEach } from './support/started';

/** The phone says what it knows and how it knows it: decisions, mismatches, lost connections. */
let dirs: Awaited<ReturnType<typeof scratch>>;
let collie: Collie | undefined;

const run = stopAfterEach();

test.beforeEach(async () => {
  dirs = run.dirs = await scratch();
});

async function agentAndBridge(): Promise<{ url: string; link: string | null; socket: string }> {
  const socket = join(dirs.socketDir, 'a', 'app.sock');
  collie = run.agent = await openCollie({ socket, hostName: 'a', caps: { asks: true }, log: () => {} });
  await writeSources(dirs.configDir, [{ name: 'a', kind: 'durable', socket }]);
  const started = await startBridge(dirs);
  run.bridge = started.proc;
  return { url: started.url, link: started.link, socket };
}

test('asks decided in the agent or timed out leave a line in the chat', async ({ page }) => {
  const { url, link } = await agentAndBridge();
  await pairPhone(page, link);
  const pane = collie!.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'P' });
  collie!.ready();
  await page.goto(`${url}#/agent/a/chat/p`);
  void pane.ask({ kind: 'text', toolCallId: 'q1', title: 'Pick a name' }).catch(() => {});
  await expect(page.getByRole('article', { name: 'Pick a name' })).toBeVisible();
  // Raised once the bridge reads the pane's events: an ask that opened and closed before its first
  // read of the pane is one the bridge never knew, and leaves no line.
  void pane.ask({ kind: 'text', toolCallId: 'q2', title: 'Pick a colour', expiresInSeconds: 1 }).catch(() => {});
  pane.decide('q1');
  await expect(page.getByText('Decided in the durable agent: Pick a name')).toBeVisible();
  await expect(page.getByText('Timed out before an answer: Pick a colour')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
});

test('a bridge that stops answering is said so, with the last state kept on screen', async ({ page }) => {
  const { url, link } = await agentAndBridge();
  await pairPhone(page, link);
  collie!.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'P' }).item({ id: 'i', kind: 'reply', text: 'still here' });
  collie!.ready();
  await page.goto(`${url}#/agent/a/chat/p`);
  await expect(page.getByText('still here')).toBeVisible();
  await run.bridge!.stop();
  run.bridge = undefined;
  await expect(page.getByRole('alert')).toHaveText(/^Offline — last updated .+\. The bridge is not answering\.$/);
  await expect(page.getByText('still here')).toBeVisible();

  // The bridge comes back on the same port: the banner goes by itself, with no reload (how soon is the benchmarks' business).
  const started = await startBridge(dirs, ['--port', new URL(url).port]);
  run.bridge = started.proc;
  await expect(page.locator('[data-connection]')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('still here')).toBeVisible();
});

test('a phone that goes offline says so', async ({ page, context }) => {
  const { url, link } = await agentAndBridge();
  await pairPhone(page, link);
  collie!.ready();
  await page.goto(url);
  await expect(page.locator('[data-agent="a"]')).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByRole('alert')).toHaveText(/^Offline — last updated .+\. This phone has no network\.$/);
  await expect(page.locator('[data-agent="a"]')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('an agent that speaks another wire version shows Version mismatch and the sentence', async ({ page }) => {
  const folder = join(dirs.socketDir, 'future');
  await mkdir(folder, { mode: 0o700 });
  const socket = join(folder, 'app.sock');
  const server = createServer((req, res) => {
    res.writeHead(req.headers['x-collie-session'] ? 409 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ service: 'collie-durable', protocol: { min: 2, max: 3 }, host: { name: 'future' }, epoch: 'future-epoch-000000000000', ready: true, caps: {} }));
  });
  await new Promise<void>((r) => server.listen(socket, r));
  await chmod(socket, 0o600);
  run.later(() => void server.close());
  await writeSources(dirs.configDir, [{ name: 'future', kind: 'durable', socket }]);
  const started = await startBridge(dirs);
  run.bridge = started.proc;
  await pairPhone(page, started.link);
  const row = page.locator('[data-agent="future"]');
  await expect(row).toContainText('Version mismatch');
  await row.click();
  await expect(page.getByRole('alert')).toHaveText("The durable agent speaks wire v2..v3, this Collie speaks v1. Update Collie, or the agent's SDK.");
});

test('with durable agents off there is no Durable agents section', async ({ page }) => {
  await writeSources(dirs.configDir, [{ name: 'a', kind: 'durable', socket: '/nowhere/app.sock' }]);
  const started = await startBridge(dirs, [], { COLLIE_PROGRAMS: 'off' });
  run.bridge = started.proc;
  await pairPhone(page, started.link);
  await expect(page.getByRole('region', { name: 'This bridge' })).toContainText('Connected to the bridge');
  await expect(page.getByRole('region', { name: 'Durable agents' })).toHaveCount(0);
});
