import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCollie, type Collie, type SendContext } from '../../agent/kit';
import type { ChatJson } from '../../wire/bridge-json';
import type { ActReply, AskReply } from '../../wire/write-json';
import type { Answer } from '../../wire/types';
import { httpsCall } from '../testing/https-call';
import { pairedCookie } from '../testing/paired';
import { joinCrew, type RigBridge } from '../testing/crew-rig';
import { crewTestPerFile } from '../testing/crew-test';

/**
 * A tap on a member's agent goes phone → lead → member → agent once, under the phone's request
 * id: two real bridges over loopback HTTPS, a real agent on the member.
 */
const crewTest = crewTestPerFile();
let agent: Collie;
let cookie: string;
let phoneId: string;

const bridge = (name: string, withAgent: boolean, port = 0): Promise<RigBridge> =>
  crewTest.bridge(name, {
    sources: withAgent ? [{ name: 'desk', address: { kind: 'socket', path: join(crewTest.dir.path, 'agent', 'app.sock') } }] : [],
    port,
    crew: { tls: { ca: crewTest.tls.ca }, read: { retryMs: 20, maxRetryMs: 100 } },
  });

async function crew() {
  agent = await openCollie({ socket: join(crewTest.dir.path, 'agent', 'app.sock'), hostName: 'desk', caps: { asks: true, send: true }, log: () => {} });
  crewTest.later(() => agent.close());
  const pane = agent.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Deploy' });
  agent.ready();
  const lead = await bridge('lead', false);
  const member = await bridge('member', true);
  await joinCrew(lead.bridge, member.bridge, 'build-box');
  cookie = await pairedCookie(lead.bridge.devices, 'control', 'Pixel 7');
  phoneId = lead.bridge.devices.list()[0]!.id;
  return { lead, member, pane };
}

const call = async (lead: RigBridge, method: 'GET' | 'POST', path: string, body?: unknown) => {
  const reply = await httpsCall(new URL(path.slice(1), lead.bridge.url), {
    ca: crewTest.tls.ca,
    method,
    headers: { cookie, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: reply.status, json: reply.text ? (JSON.parse(reply.text) as unknown) : null };
};

/** The member's chat as the lead serves it, once the card shows. */
async function chatWithAsk(lead: RigBridge): Promise<ChatJson> {
  const deadline = Date.now() + 15000;
  while (Date.now() < deadline) {
    const reply = await call(lead, 'GET', '/api/agents/desk%40build-box/panes/p');
    if (reply.status === 200 && (reply.json as ChatJson).asks.length > 0) return reply.json as ChatJson;
    await readDashboard(lead);
  }
  throw new Error('the card never showed through the lead');
}
/** Lets the member's poller read the agent again (an event, not a sleep): the next dashboard read. */
const readDashboard = (lead: RigBridge) => call(lead, 'GET', '/api/dashboard');

const auditLines = async (rig: RigBridge) =>
  (await readFile(join(rig.stateDir, 'audit.log'), 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("acts on a member's agent go through once", () => {
  it('an answer reaches the agent once; the same id again is answered by the lead, never applied twice; both audit logs name the phone', async () => {
    const { lead, member, pane } = await crew();
    const answers: Answer[] = [];
    void pane.ask({ kind: 'choice', toolCallId: 'ship', title: 'Ship it?', multiple: false, options: [{ id: 'y', label: 'Yes' }] }).then(
      (a) => answers.push(a),
      () => {},
    );
    await member.bridge.agents.get('desk')!.poller.poll();
    const chat = await chatWithAsk(lead);
    const ask = chat.asks[0]!;
    const body = { requestId: 'r-answer-1', hash: ask.hash, answer: { optionIds: ['y'] } };
    const first = await call(lead, 'POST', `/api/agents/desk%40build-box/panes/p/asks/${ask.id}`, body);
    expect(first).toEqual({ status: 200, json: { outcome: 'taken' } });
    const again = await call(lead, 'POST', `/api/agents/desk%40build-box/panes/p/asks/${ask.id}`, body);
    expect(again.status).toBe(200);
    expect((again.json as AskReply).outcome).toBe('taken'); // from the lead's own receipt
    expect(answers).toEqual([{ optionIds: ['y'] }]);

    // Another body under the same id is refused at the lead, before the member hears it.
    const reused = await call(lead, 'POST', `/api/agents/desk%40build-box/panes/p/asks/${ask.id}`, { ...body, answer: { optionIds: ['n'] } });
    expect([reused.status, (reused.json as { code: string }).code]).toEqual([409, 'request-id-reused']);

    const leadAudit = (await auditLines(lead)).filter((l) => l.event === 'answer');
    expect(leadAudit[0]).toMatchObject({ session: 'desk@build-box', device: phoneId, deviceName: 'Pixel 7', requestId: 'r-answer-1', askId: ask.id, via: 'crew', result: 'taken' });
    const memberAudit = (await auditLines(member)).filter((l) => l.event === 'answer');
    expect(memberAudit[0]).toMatchObject({ session: 'desk', device: `crew-lead:${phoneId}`, requestId: 'r-answer-1', result: 'taken' });
    expect(String(memberAudit[0]!.deviceName)).toBe(`Pixel 7 (through the crew lead ${lead.bridge.origin})`);
    // The lead wrote its receipt under the phone's request id.
    const receipts = await readFile(join(lead.stateDir, 'crew', 'build-box', 'desk', 'receipts.jsonl'), 'utf8');
    expect(receipts).toContain('"requestId":"r-answer-1"');
    expect(receipts).not.toContain('"y"]}'); // ids of the choice at most, never an answer's text
  });

  it('a repeat the lead has a final outcome for is answered from its own ledger: the member, now down, never hears it', async () => {
    const { lead, member, pane } = await crew();
    void pane.ask({ kind: 'choice', toolCallId: 'ship', title: 'Ship it?', multiple: false, options: [{ id: 'y', label: 'Yes' }] }).catch(() => {});
    await member.bridge.agents.get('desk')!.poller.poll();
    const ask = (await chatWithAsk(lead)).asks[0]!;
    const path = `/api/agents/desk%40build-box/panes/p/asks/${ask.id}`;
    const body = { requestId: 'r-answer-2', hash: ask.hash, answer: { optionIds: ['y'] } };
    expect(await call(lead, 'POST', path, body)).toEqual({ status: 200, json: { outcome: 'taken' } });
    await crewTest.stop(member);
    expect(await call(lead, 'POST', path, body)).toEqual({ status: 200, json: { outcome: 'taken' } });
    expect(lead.logs.some((l) => l.includes('has an unknown outcome'))).toBe(false);
    const sends = (await readFile(join(lead.stateDir, 'crew', 'build-box', 'desk', 'receipts.jsonl'), 'utf8')).split('\n').filter((l) => l.includes('"status":"sending"'));
    expect(sends).toHaveLength(1);
  });

  it('a send with the member down is not sent; Try again with it back sends once under the same id', async () => {
    const { lead, member } = await crew();
    const sends: SendContext[] = [];
    agent.handle({ send: (turn) => void sends.push(turn) });
    const port = Number(new URL(member.bridge.url).port);
    await crewTest.stop(member);
    const body = { requestId: 'r-send-1', text: 'deploy now', turnId: null };
    const lost = await call(lead, 'POST', '/api/agents/desk%40build-box/panes/p/send', body);
    expect(lost).toEqual({ status: 200, json: { outcome: 'not-sent' } });
    expect(sends).toHaveLength(0);

    const back = await bridge('member', true, port);
    await back.bridge.agents.get('desk')!.poller.poll();
    const retry = await call(lead, 'POST', '/api/agents/desk%40build-box/panes/p/send', body);
    expect(retry.status).toBe(200);
    expect(['sent', 'queued']).toContain((retry.json as ActReply).outcome);
    const repeat = await call(lead, 'POST', '/api/agents/desk%40build-box/panes/p/send', body);
    expect(repeat.status).toBe(200);
    expect(sends.map((s) => [s.requestId, s.text])).toEqual([['r-send-1', 'deploy now']]);
    expect(lead.logs.some((l) => l.includes('was not sent (connection refused)'))).toBe(true);
  });

  it("a watch phone's write is refused at the lead; a write to a member that left is 404", async () => {
    const { lead } = await crew();
    const watcher = await pairedCookie(lead.bridge.devices, 'watch', 'Tablet');
    const reply = await httpsCall(new URL('api/agents/desk%40build-box/panes/p/send', lead.bridge.url), {
      ca: crewTest.tls.ca,
      method: 'POST',
      headers: { cookie: watcher, 'content-type': 'application/json' },
      body: JSON.stringify({ requestId: 'r-w', text: 'hi', turnId: null }),
    });
    expect(reply.status).toBe(403);
    await lead.bridge.crew.remove('build-box');
    const gone = await call(lead, 'POST', '/api/agents/desk%40build-box/panes/p/send', { requestId: 'r-g', text: 'hi', turnId: null });
    expect([gone.status, (gone.json as { code: string }).code]).toEqual([404, 'no-such-agent']);
  });
});
