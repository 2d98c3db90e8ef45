import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openCollie, type Collie, type PaneHandle } from '../../agent/kit';
import { tempDir } from '../../agent/testing';
import type { AgentRow, ChatJson, DashboardJson, InboxAsk, PhoneAsk } from '../../wire/bridge-json';
import type { AskReply } from '../../wire/write-json';
import { answerRoute } from '../../wire/phone-routes';
import type { AskPush, PushPayload } from '../../wire/push-payload';
import type { Answer } from '../../wire/types';
import { askHash } from '../poll/ask-hash';
import { askTag } from '../push/push-state';
import { httpsCall } from '../testing/https-call';
import { pairedCookie } from '../testing/paired';
import { startPushService, type TestPushService, type TestSubscription } from '../testing/push-service';
import { crewPushSource, type CrewViewsRead } from './crew-push';
import { joinCrew, type RigBridge } from '../testing/crew-rig';
import { crewTestPerFile } from '../testing/crew-test';

/**
 * The lead of a crew pushes its members' questions to its own phones, as it pushes its own agents':
 * two real bridges over loopback HTTPS (a test CA), a real kit agent on each, and the test's own
 * push service, which decrypts each push as a phone would. The lead reads the member's questions
 * from the dashboard it mirrors, never from the member's agent.
 */
const crewTest = crewTestPerFile();
let service: TestPushService;
const clock = { now: Date.UTC(2030, 0, 1) };

/** Fast retries, so "not answering" and "live again" are quick in a test. */
const read = { retryMs: 20, maxRetryMs: 100 };

beforeAll(async () => {
  const caDir = await tempDir();
  service = await startPushService(caDir.path);
  return async () => {
    await service.close();
    await caDir.cleanup();
  };
});
beforeEach(() => {
  service.received.length = 0;
});

async function agentIn(folder: string): Promise<{ agent: Collie; pane: (id: string) => PaneHandle }> {
  const agent = await openCollie({ socket: join(crewTest.dir.path, folder, 'app.sock'), hostName: 'desk', caps: { asks: true }, log: () => {} });
  crewTest.later(() => agent.close());
  agent.ready();
  return {
    agent,
    pane: (id) =>
      agent
        .workspace('w', { title: 'W' })
        .tab('t', { title: 'T' })
        .pane(id, { title: `Conversation ${id}` }),
  };
}

/** A bridge with the agent of `folder` as `desk`, pushing to the test's service with the test's clock. */
const bridge = (name: string, folder: string, port = 0): Promise<RigBridge> =>
  crewTest.bridge(name, {
    sources: [{ name: 'desk', address: { kind: 'socket', path: join(crewTest.dir.path, folder, 'app.sock') } }],
    port,
    crew: { tls: { ca: crewTest.tls.ca }, read },
    push: { now: () => clock.now, agent: service.agent, hosts: [service.host] },
  });

const call = async (rig: RigBridge, cookie: string, method: 'GET' | 'POST', path: string, body?: unknown) => {
  const reply = await httpsCall(new URL(path.slice(1), rig.bridge.url), {
    ca: crewTest.tls.ca,
    method,
    headers: { cookie, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: reply.status, json: reply.text ? (JSON.parse(reply.text) as unknown) : null };
};

/** A phone paired with `rig`, subscribed at the test's push service. */
async function phone(rig: RigBridge): Promise<{ cookie: string; sub: TestSubscription }> {
  const cookie = await pairedCookie(rig.bridge.devices, 'control', 'Pixel 7');
  const sub = service.subscribe();
  const reply = await call(rig, cookie, 'POST', '/api/push/subscription', sub.json);
  if (reply.status !== 200) throw new Error(`subscribing failed: ${reply.status}`);
  return { cookie, sub };
}

/** Two machines: the lead (its own `desk`) and `build-box` (its `desk`), a phone on each. */
async function crew() {
  const leadAgent = await agentIn('lead-agent');
  const memberAgent = await agentIn('member-agent');
  const lead = await bridge('lead', 'lead-agent');
  const member = await bridge('member', 'member-agent');
  await joinCrew(lead.bridge, member.bridge, 'build-box');
  return { lead, member, leadAgent, memberAgent, leadPhone: await phone(lead) };
}

const ask = (pane: PaneHandle, toolCallId: string, title = `Question ${toolCallId}?`): Promise<Answer> => {
  const asked = pane.ask({ kind: 'choice', toolCallId, title, multiple: false, options: [{ id: 'y', label: 'Yes' }] });
  asked.catch(() => {});
  return asked;
};

/** The member reads its agent now (its poller would within a second): the lead's long-poll on its dashboard then wakes. */
const memberReads = (member: RigBridge) => member.bridge.agents.get('desk')!.poller.poll();
const pushesTo = (sub: TestSubscription) => service.received.filter((p) => p.id === sub.id).map((p) => p.json as PushPayload);
const titles = (sub: TestSubscription) => pushesTo(sub).map((p) => (p.kind === 'ask' ? `${p.agent}: ${p.title}` : p.kind));

const answerLines = async (rig: RigBridge) =>
  (await readFile(join(rig.stateDir, 'audit.log'), 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.event === 'answer');

describe("the lead pushes its members' questions", () => {
  it('once, naming the agent as the phone does, with buttons the member checks; a press through the lead answers once; the member pushes only to its own phone', async () => {
    const { lead, member, memberAgent, leadPhone } = await crew();
    const memberPhone = await phone(member);
    const asked = ask(memberAgent.pane('p'), 'ship', 'Ship it?');
    await memberReads(member);
    await service.waitFor(2);
    await lead.bridge.push.settled();
    await member.bridge.push.settled();

    const theAsk = member.bridge.agents.get('desk')!.store.snapshot!.workspaces[0]!.tabs[0]!.panes[0]!.asks[0]!;
    // The lead's phone: one push, for desk@build-box, tagged by that name, with the member's hash.
    expect(pushesTo(leadPhone.sub)).toEqual([
      {
        v: 1,
        kind: 'ask',
        tag: askTag('desk@build-box', theAsk.id),
        closed: [],
        agent: 'desk@build-box',
        paneId: 'p',
        askId: theAsk.id,
        conversation: 'Conversation p',
        title: 'Ship it?',
        answer: { kind: 'choice', hash: askHash(theAsk), options: [{ id: 'y', label: 'Yes' }] },
      },
    ]);
    // The member's own phone: its own push, as before; never one for the lead's phone.
    expect(titles(memberPhone.sub)).toEqual(['desk: Ship it?']);
    expect(service.received).toHaveLength(2);

    // A press on the lead's notification, as the worker sends it: the card's route on the lead, forwarded once.
    const push = pushesTo(leadPhone.sub)[0] as AskPush;
    const { path, body } = answerRoute(push.askId, {
      agent: push.agent,
      paneId: push.paneId,
      requestId: 'r-press-1',
      hash: push.answer!.hash,
      answer: { optionIds: ['y'] },
      via: 'notification',
    });
    const pressed = await call(lead, leadPhone.cookie, 'POST', path, body);
    expect(pressed).toEqual({ status: 200, json: { outcome: 'taken' } });
    expect(((await call(lead, leadPhone.cookie, 'POST', path, body)).json as AskReply).outcome).toBe('taken'); // a second press: the member's receipt
    expect(await asked).toEqual({ optionIds: ['y'] });
    expect(await answerLines(member)).toEqual([expect.objectContaining({ session: 'desk', requestId: 'r-press-1', via: 'notification', result: 'taken' })]);
  });

  it('never twice: not after a restart of the lead, nor of the member, nor the member down and back', async () => {
    const { lead: firstLead, member: firstMember, memberAgent, leadPhone } = await crew();
    // Each in a conversation of its own: the fake clock stands still, and a conversation pushes 3 a minute.
    const pane = (n: number) => memberAgent.pane(`p${n}`);
    void ask(pane(1), 'first');
    await memberReads(firstMember);
    await service.waitFor(1);

    // The lead restarts (on another port: the member checks its key, not its address) and reads the member again.
    await crewTest.stop(firstLead);
    const lead = await bridge('lead', 'lead-agent');
    void ask(pane(2), 'second');
    await memberReads(firstMember);
    await service.waitFor(2);

    // The member restarts at once, on its own address.
    const port = Number(new URL(firstMember.bridge.url).port);
    await crewTest.stop(firstMember);
    let member = await bridge('member', 'member-agent', port);
    void ask(pane(3), 'third');
    await memberReads(member);
    await service.waitFor(3);

    // The member down until the lead says it is not answering, then back.
    await crewTest.stop(member);
    await vi.waitFor(() => expect(memberState(lead)).toBe('not-answering'), { timeout: 20000, interval: 20 });
    member = await bridge('member', 'member-agent', port);
    await vi.waitFor(() => expect(memberState(lead)).toBe('live'), { timeout: 20000, interval: 20 });
    void ask(pane(4), 'fourth');
    await memberReads(member);
    await service.waitFor(4);
    await lead.bridge.push.settled();

    expect(titles(leadPhone.sub)).toEqual([
      'desk@build-box: Question first?',
      'desk@build-box: Question second?',
      'desk@build-box: Question third?',
      'desk@build-box: Question fourth?',
    ]);
  });

  it("with the limits per agent: a burst on a member's agent is held to its 10 a minute, and the lead's own agent keeps its allowance", async () => {
    const { lead, member, leadAgent, memberAgent, leadPhone } = await crew();
    for (let i = 0; i < 12; i += 1) void ask(memberAgent.pane(`p${i}`), `burst-${i}`, `burst ${i}`);
    await memberReads(member);
    await service.waitFor(10);
    // Every burst ask is decided (its card shows); the lead's own desk then pushes as if nothing happened.
    await vi.waitFor(() => expect(lead.bridge.push.watcher.counts.suppressed['host-minute']).toBe(2), { timeout: 20000, interval: 20 });
    void ask(leadAgent.pane('mine'), 'mine', 'My own?');
    await lead.bridge.agents.get('desk')!.poller.poll();
    await lead.bridge.push.settled();
    expect(titles(leadPhone.sub)).toHaveLength(11);
    expect(titles(leadPhone.sub).at(-1)).toBe('desk: My own?');
    expect(
      new Set(
        titles(leadPhone.sub)
          .slice(0, 10)
          .map((t) => t.split(':')[0]),
      ),
    ).toEqual(new Set(['desk@build-box']));
  });
});

const memberState = (lead: RigBridge) => {
  const listing = lead.bridge.crew.listing();
  return listing.role === 'lead' ? listing.members[0]?.state : undefined;
};

describe("the members' questions as the lead's push reads them", () => {
  const hash = 'a'.repeat(32);
  const shipAsk = (title: string): PhoneAsk => ({
    kind: 'choice',
    id: 'ask-1',
    revision: 1,
    toolCallId: 'ship',
    title,
    options: [{ id: 'y', label: 'Yes' }],
    multiple: false,
    hash,
  });
  const row = (askId: string, title = 'Ship it?'): InboxAsk => ({ agent: 'desk', paneId: 'p', askId, kind: 'choice', title, conversation: 'Deploy' });
  const agentRow = (name: string, status: AgentRow['status']): AgentRow => ({ name, where: 'here', status, open: 1, needsYou: 1, caps: null });
  const chat = (asks: PhoneAsk[]): ChatJson => ({
    agent: agentRow('desk', 'ok'),
    pane: { id: 'p', title: 'Deploy', workspaceId: 'w', tabId: 't', state: 'idle', turn: null, belt: [] },
    entries: [],
    asks,
    trimmed: false,
    sends: [],
  });
  /** The crew's views as a member `build-box` answers: its dashboard, and its chat read once per call. */
  const views = (dashboard: DashboardJson, read: () => Promise<ChatJson>) => {
    const reads: string[] = [];
    const membership = { version: 0, onChange: () => () => {} };
    const crewViews: CrewViewsRead = {
      membership,
      dashboardSources: () => [membership],
      answeringDashboards: () => [{ label: 'build-box', dashboard }],
      chatOnce: (name, paneId) => (reads.push(`${name} ${paneId}`), read()),
    };
    return { crewViews, reads };
  };

  it('names each answering agent as the phone does, leaves out one that does not answer, and reads a conversation once for its buttons', async () => {
    const dashboard: DashboardJson = {
      durable: true,
      agents: [agentRow('desk', 'ok'), agentRow('lab', 'unreachable')],
      inbox: [row('ask-1'), row('ask-2', 'Docs?'), { ...row('ask-3'), agent: 'lab' }],
    };
    const { crewViews, reads } = views(dashboard, async () => chat([shipAsk('Ship it?'), { ...shipAsk('Docs?'), id: 'ask-2' }]));
    const [desk, ...others] = crewPushSource(crewViews, () => {}).agentsNow();
    expect(others).toEqual([]);
    expect(desk!.agent).toBe('desk@build-box');
    expect(desk!.asks.map((a) => [a.agent, a.askId])).toEqual([
      ['desk@build-box', 'ask-1'],
      ['desk@build-box', 'ask-2'],
    ]);
    const answers = await Promise.all(desk!.asks.map(async (a) => desk!.answerOf(a)));
    expect(answers).toEqual([
      { kind: 'choice', hash, options: [{ id: 'y', label: 'Yes' }] },
      { kind: 'choice', hash, options: [{ id: 'y', label: 'Yes' }] },
    ]);
    expect(reads).toEqual(['desk@build-box p']);
  });

  it('leaves the buttons off when the card changed since the dashboard said it, or the member does not answer; never reads for a question buttons cannot answer', async () => {
    const dashboard: DashboardJson = { durable: true, agents: [agentRow('desk', 'ok')], inbox: [row('ask-1'), { ...row('ask-9'), kind: 'text' }] };
    const revised = views(dashboard, async () => chat([shipAsk('Ship it to production?')]));
    const [desk] = crewPushSource(revised.crewViews, () => {}).agentsNow();
    expect(await desk!.answerOf(desk!.asks[0]!)).toBeNull();
    expect(desk!.answerOf(desk!.asks[1]!)).toBeNull();
    expect(revised.reads).toHaveLength(1);

    const log: string[] = [];
    const down = views(dashboard, () => Promise.reject(new Error('build-box is not answering')));
    const [again] = crewPushSource(down.crewViews, (line) => log.push(line)).agentsNow();
    expect(await again!.answerOf(again!.asks[0]!)).toBeNull();
    expect(log).toEqual(["[bridge] push: desk@build-box: its questions' buttons were left off (build-box is not answering)"]);
  });
});
