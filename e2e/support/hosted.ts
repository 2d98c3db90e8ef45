import { expect, type Page } from '@playwright/test';
import { pairPhone } from './pair';
import { collie, startBridge, type scratch } from './processes';
import type { Started } from './started';
import { LANGUAGES, say } from './words';

const { words } = LANGUAGES.find((l) => l.code === 'en')!;

/**
 * A hosted agent attached by its URL and token as a person attaches it (the token only from a
 * variable), the bridge started, the phone paired and on the agent's pane.
 */
export async function attachHostedAndOpen(
  page: Page,
  run: Started,
  dirs: Awaited<ReturnType<typeof scratch>>,
  agent: { name: string; url: string; token: string; pane: RegExp },
): Promise<void> {
  const attached = await collie(dirs, ['durable', 'attach', agent.name, '--url', agent.url, '--token-env', 'HOSTED_TOKEN'], { HOSTED_TOKEN: agent.token });
  expect(attached.code, attached.output).toBe(0);
  const started = await startBridge(dirs);
  run.bridge = started.proc;
  await pairPhone(page, started.link);
  await page
    .getByRole('region', { name: say(words, 'durable.section') })
    .getByRole('link', { name: new RegExp(agent.name) })
    .click();
  await page.getByRole('link', { name: agent.pane }).click();
}
