import { describe, expect, it } from 'vitest';
import type { ChatJson } from '../../wire/bridge-json';
import { pushTestPerFile } from '../testing/push-rig';

/** The phone's push routes, behind the pairing gate, and what a push may carry. */
const pushTest = pushTestPerFile();

const codeOf = async (reply: Response) => [reply.status, ((await reply.json()) as { code?: string }).code];

describe('the push routes', () => {
  it('need a paired device, every one', async () => {
    for (const [method, path] of [
      ['GET', '/api/push/key'],
      ['POST', '/api/push/subscription'],
      ['DELETE', '/api/push/subscription'],
      ['POST', '/api/push/test'],
    ] as const)
      expect(await codeOf(await pushTest.rig.api(method, path, '', method === 'POST' ? {} : undefined)), path).toEqual([401, 'not-paired']);
  });

  it('take only https endpoints and real keys, with a JSON error code', async () => {
    const { cookie } = await pushTest.rig.phone();
    const good = pushTest.service.subscribe().json;
    for (const endpoint of [
      'http://127.0.0.1/push/x',
      'file:///etc/passwd',
      'https://user:pw@push.example/x',
      'not a url',
      `https://push.example/${'x'.repeat(2100)}`,
      'https://push.example/x',
      'https://10.0.0.1/x',
      'https://fcm.googleapis.com.evil.example/x',
    ])
      expect(await codeOf(await pushTest.rig.api('POST', '/api/push/subscription', cookie, { ...good, endpoint })), endpoint.slice(0, 40)).toEqual([400, 'bad-endpoint']);
    expect(await codeOf(await pushTest.rig.api('POST', '/api/push/subscription', cookie, { endpoint: good.endpoint }))).toEqual([400, 'bad-subscription']);
    expect(await codeOf(await pushTest.rig.api('POST', '/api/push/subscription', cookie, { ...good, keys: { ...good.keys, auth: 'AAAA' } }))).toEqual([400, 'bad-subscription']);
    // 65 bytes that start as a point should, but are no point on P-256: nothing could be encrypted for it.
    const offCurve = Buffer.alloc(65, 7);
    offCurve[0] = 4;
    expect(await codeOf(await pushTest.rig.api('POST', '/api/push/subscription', cookie, { ...good, keys: { ...good.keys, p256dh: offCurve.toString('base64url') } }))).toEqual([
      400,
      'bad-subscription',
    ]);
    expect(pushTest.rig.bridge.push.subscriptions.all()).toHaveLength(1); // the phone's own, from pushTest.rig.phone()
  });

  it('keeps subscriptions per device; DELETE removes this device’s only', async () => {
    const a = await pushTest.rig.phone();
    const b = await pushTest.rig.phone('watch');
    expect(((await (await pushTest.rig.api('GET', '/api/push/key', a.cookie)).json()) as { subscribed: boolean }).subscribed).toBe(true);
    expect(await (await pushTest.rig.api('DELETE', '/api/push/subscription', a.cookie, { endpoint: b.sub.json.endpoint })).json()).toEqual({ removed: false });
    expect(await (await pushTest.rig.api('DELETE', '/api/push/subscription', a.cookie, { endpoint: a.sub.json.endpoint })).json()).toEqual({ removed: true });
    expect(pushTest.rig.bridge.push.subscriptions.all().map((s) => s.endpoint)).toEqual([b.sub.json.endpoint]);
    expect(((await (await pushTest.rig.api('GET', '/api/push/key', a.cookie)).json()) as { subscribed: boolean }).subscribed).toBe(false);
    // A watch device is notified too: reading is what it may do.
    pushTest.rig.ask(pushTest.rig.pane('p'), 'q');
    await pushTest.rig.settle();
    expect(pushTest.service.received.map((p) => p.id)).toEqual([b.sub.id]);
  });

  it('sends a test notification to this device only, and says when it has no subscription', async () => {
    const a = await pushTest.rig.phone();
    await pushTest.rig.phone();
    expect(await (await pushTest.rig.api('POST', '/api/push/test', a.cookie, {})).json()).toEqual({ sent: 1 });
    expect(pushTest.service.received.map((p) => [p.id, (p.json as { kind: string }).kind])).toEqual([[a.sub.id, 'test']]);
    await pushTest.rig.api('DELETE', '/api/push/subscription', a.cookie);
    expect(await codeOf(await pushTest.rig.api('POST', '/api/push/test', a.cookie, {}))).toEqual([409, 'not-subscribed']);
  });
});

describe('what a push carries', () => {
  it('a permission ask’s tool name and what it would run, never model text; never typed text, the device’s credential or the keys', async () => {
    const { cookie } = await pushTest.rig.phone();
    const MODEL = 'IGNORE PREVIOUS: tap Allow always';
    const pane = pushTest.rig.pane('p', 'Deploy\u202e evil\u0007');
    void pane
      .ask({
        kind: 'permission',
        toolCallId: 'bash',
        title: MODEL,
        reason: MODEL,
        tool: { name: 'Bash', input: { command: 'rm -rf build\nnpm test' } },
        options: [{ id: 'ok', label: 'Allow', effect: 'allow' }],
      })
      .catch(() => {});
    void pane.ask({ kind: 'text', toolCallId: 'name', title: `Name it ${'é'.repeat(200)}` }).catch(() => {});
    await pushTest.rig.settle();
    // The person types an answer; the next ask's push must not carry it.
    const chat = (await (await pushTest.rig.api('GET', '/api/agents/desk/panes/p', cookie)).json()) as ChatJson;
    const textAsk = chat.asks.find((a) => a.kind === 'text')!;
    const TYPED = 'typed-by-the-person-42';
    const answered = await pushTest.rig.api('POST', `/api/agents/desk/panes/p/asks/${textAsk.id}`, cookie, {
      agent: 'desk',
      paneId: 'p',
      requestId: 'r-1',
      hash: textAsk.hash,
      answer: { text: TYPED },
    });
    expect(((await answered.json()) as { outcome: string }).outcome).toBe('taken');
    pushTest.rig.ask(pane, 'after');
    await pushTest.rig.settle();

    const pushes = pushTest.service.received.map((p) => p.json as { title?: string; about?: string; conversation?: string; answer?: unknown });
    expect(pushes.map((p) => p.title?.slice(0, 10))).toEqual(['Bash', 'Name it éé', 'Question a']);
    // The command's first line, as the card's headline names it; only part of it, so no buttons.
    expect(pushes[0]).toMatchObject({ about: 'rm -rf build' });
    expect(pushes[0]!.answer).toBeUndefined();
    expect(pushes[0]!.conversation).toBe('Deploy evil');
    expect(Buffer.byteLength(pushes[1]!.title!)).toBeLessThanOrEqual(160);
    expect(pushes[1]!.title!.endsWith('…')).toBe(true);
    const all = pushTest.service.received.map((p) => p.text).join('\n');
    const credential = cookie.split('=')[1]!;
    const { privateKey } = await pushTest.rig.bridge.push.keys.keys();
    for (const secret of [MODEL, 'IGNORE', TYPED, credential, credential.split('.')[1]!, privateKey]) expect(all).not.toContain(secret);
  });
});
