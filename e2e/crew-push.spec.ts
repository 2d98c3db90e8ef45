import { expect, test } from '@playwright/test';
import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { openCollie, type AskSpec } from '../src/agent/kit';
import { startPushService } from '../src/bridge/testing/push-service';
import config from '../playwright.config';
import { crewHere } from './support/crew';
import { pairPhone } from './support/pair';
import { scratch } from './support/processes';
import { deliverPush, keptPresses, phoneWorker, pressNotification, shownNotifications, tapNotification } from './support/push-worker';
import { stopAfterEach } from './support/started';

/**
 * A crew member's question reaches the phone paired with the lead as a notification: two real
 * bridges in this process (loopback HTTPS, a test CA), a kit agent on the member, the lead pushing
 * to the test's own push service, the payload handed to the phone's worker over CDP as the push
 * specs do. Its button answers the member's agent once, through lead → member, under the
 * worker's request id; a tap on the notification opens the member agent's chat at its card.
 */
const BUILT = resolve(import.meta.dirname, '..', 'dist', 'app');

// A service worker registers only on an origin whose certificate the browser trusts: this browser
// takes the test CA's certificate, as a phone takes its own machines' (ignoreHTTPSErrors alone
// lets pages load but no worker register).
const launch = config.use?.launchOptions ?? {};
test.use({ launchOptions: { ...launch, args: [...(launch.args ?? []), '--ignore-certificate-errors'] } });

const run = stopAfterEach();

const choice = (toolCallId: string, title: string): AskSpec => ({
  kind: 'choice',
  toolCallId,
  title,
  multiple: false,
  options: [
    { id: 'y', label: 'Yes' },
    { id: 'n', label: 'No' },
  ],
});

test("a member agent's question: one notification on the lead's phone, named desk@build-box; its button answers the member's agent once; a tap opens its card", async ({
  browser,
}) => {
  const dirs = await scratch();
  run.later(() => dirs.cleanup());
  await mkdir(join(dirs.root, 'ca'));
  const service = await startPushService(join(dirs.root, 'ca'));
  run.later(() => service.close());
  const socket = join(dirs.socketDir, 'desk', 'app.sock');
  const agent = await openCollie({ socket, hostName: 'desk', caps: { asks: true }, log: () => {} });
  run.later(() => agent.close());
  const pane = agent.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Deploy' });
  agent.ready();
  const { lead, member } = await crewHere(run, {
    lead: { appDir: BUILT, push: { agent: service.agent, hosts: [service.host] } },
    member: { sources: [{ name: 'desk', address: { kind: 'socket', path: socket } }] },
  });

  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  run.later(() => context.close());
  const url = lead.bridge.url;
  const origin = new URL(url).origin;
  await context.grantPermissions(['notifications'], { origin });
  const page = await context.newPage();
  await pairPhone(page, lead.bridge.invite().link);
  const worker = await phoneWorker(page, context);
  expect((await page.request.post(`${url}api/push/subscription`, { data: service.subscribe().json })).status()).toBe(200);

  /** The member's agent asks; the member reads it; the lead pushes it once; the phone's worker gets it. */
  const raise = async (ask: AskSpec) => {
    const before = service.received.length;
    const asked = pane.ask(ask);
    asked.catch(() => {});
    await member.bridge.agents.get('desk')!.poller.poll();
    const push = (await service.waitFor(before + 1))[before]!;
    await deliverPush(context, page, origin, push.text);
    return { asked, push: push.json as { tag: string; agent: string; askId: string } };
  };

  const ship = await raise(choice('ship', 'Ship it?'));
  expect(ship.push.agent).toBe('desk@build-box');
  await expect.poll(() => shownNotifications(worker)).toEqual([{ body: 'Ship it?', tag: ship.push.tag, actions: ['Yes', 'No'] }]);
  await pressNotification(worker, 'y', 2);
  await expect.poll(() => shownNotifications(worker)).toEqual([{ body: 'Answered: Yes\nShip it?', tag: ship.push.tag, actions: [] }]);
  expect(await ship.asked).toEqual({ optionIds: ['y'] });
  const [kept] = await keptPresses(worker);
  // One answer reached the member, under the worker's request id, come through the lead.
  const answers = (await readFile(join(member.stateDir, 'audit.log'), 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.event === 'answer');
  expect(answers).toEqual([expect.objectContaining({ session: 'desk', requestId: kept!.requestId, via: 'notification', result: 'taken', optionIds: ['y'] })]);
  expect(String(answers[0]!.device)).toMatch(/^crew-lead:/);

  // A tap on the next one's notification opens the member agent's chat at its card, on the lead.
  const docs = await raise(choice('docs', 'Docs too?'));
  expect(service.received).toHaveLength(2); // one push per question, never the answered one again
  await expect.poll(async () => (await shownNotifications(worker)).find((n) => n.tag === docs.push.tag)?.body).toBe('Docs too?');
  await page.goto(`${url}#/`);
  await tapNotification(worker, docs.push.tag);
  await expect(page).toHaveURL(`${url}#/agent/desk%40build-box/chat/p/ask/${encodeURIComponent(docs.push.askId)}`);
  await expect(page.getByRole('article', { name: 'Docs too?' })).toBeInViewport();
});
