import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUSH_LIMITS } from '../../wire/limits';
import type { AskPush } from '../../wire/push-payload';
import { pushTestPerFile } from '../testing/push-rig';
import { writePrivateFile } from '../fs/private-file';
import { askTag } from './push-state';
import { askHash } from '../poll/ask-hash';

/**
 * Push over the real path: the bridge's pushes, encrypted with `web-push`, reach a push pushTest.service
 * of the test's own over HTTPS, which checks the VAPID signature and decrypts each one with the
 * subscription's private keys (RFC 8291).
 */
const pushTest = pushTestPerFile();

const pushesTo = (id: string) => pushTest.service.received.filter((p) => p.id === id).map((p) => p.json as AskPush);

describe('push, one per ask', () => {
  it('pushes a new ask once, encrypted, signed with the key the phone was given, with its topic, TTL and urgency', async () => {
    const { cookie, sub } = await pushTest.rig.phone();
    const { publicKey } = (await (await pushTest.rig.api('GET', '/api/push/key', cookie)).json()) as { publicKey: string };
    const pane = pushTest.rig.pane('p', 'Release');
    pushTest.rig.ask(pane, 'ship', 'Ship v2 to production?');
    await pushTest.rig.settle();
    const [push] = await pushTest.service.waitFor(1);
    const ask = pushTest.rig.bridge.agents.get('desk')!.store.snapshot!.workspaces[0]!.tabs[0]!.panes[0]!.asks[0]!;
    expect(push!.json).toEqual({
      v: 1,
      kind: 'ask',
      tag: askTag('desk', ask.id),
      closed: [],
      agent: 'desk',
      paneId: 'p',
      askId: ask.id,
      conversation: 'Release',
      title: 'Ship v2 to production?',
      // One answer, one short option: what its button needs, the hash the card's stale check compares.
      answer: { kind: 'choice', hash: askHash(ask), options: [{ id: 'y', label: 'Yes' }] },
    });
    expect(push!.headers).toEqual({ ttl: String(PUSH_LIMITS.ttlSeconds), topic: askTag('desk', ask.id), urgency: 'high' });
    expect(push!.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(push!.vapidKey).toBe(publicKey);
    expect(push!.id).toBe(sub.id);

    // More polls, a restart of the bridge and one of the agent (same ask id): never again.
    await pushTest.rig.settle();
    await pushTest.rig.restartBridge();
    await pushTest.rig.settle();
    await pushTest.rig.restartAgent();
    pushTest.rig.ask(pushTest.rig.pane('p', 'Release'), 'ship', 'Ship v2 to production?');
    await pushTest.rig.settle();
    await pushTest.rig.settle();
    pushTest.rig.ask(pushTest.rig.pane('p', 'Release'), 'next', 'And the docs?');
    await pushTest.rig.settle();
    expect(pushesTo(sub.id).map((p) => p.title)).toEqual(['Ship v2 to production?', 'And the docs?']);
  });

  it('carries what a notification’s buttons need only to a device that may act, and only for a question a notification may answer', async () => {
    const control = await pushTest.rig.phone('control');
    const watch = await pushTest.rig.phone('watch');
    const pane = pushTest.rig.pane('p');
    pushTest.rig.ask(pane, 'one');
    void pane.ask({ kind: 'text', toolCallId: 'two', title: 'Name it' }).catch(() => {});
    await pushTest.rig.settle();
    await pushTest.service.waitFor(4);
    const answers = (id: string) => Object.fromEntries(pushesTo(id).map((p) => [p.title, p.answer?.kind ?? null]));
    expect(answers(control.sub.id)).toEqual({ 'Question one?': 'choice', 'Name it': null });
    expect(answers(watch.sub.id)).toEqual({ 'Question one?': null, 'Name it': null });
  });

  it('keeps its keys and state at 0600 in a 0700 folder, and never logs a key', async () => {
    const { cookie } = await pushTest.rig.phone();
    const { publicKey } = (await (await pushTest.rig.api('GET', '/api/push/key', cookie)).json()) as { publicKey: string };
    pushTest.rig.ask(pushTest.rig.pane('p'), 'a');
    await pushTest.rig.settle();
    const folder = join(pushTest.dir.path, 'state', 'push');
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    for (const file of ['vapid.json', 'subscriptions.json', 'state.json']) expect((await stat(join(folder, file))).mode & 0o777, file).toBe(0o600);
    const { privateKey } = JSON.parse(await readFile(join(folder, 'vapid.json'), 'utf8')) as { privateKey: string };
    expect(pushTest.rig.log.join('\n')).not.toContain(privateKey);
    expect(pushTest.rig.log.join('\n')).not.toContain(publicKey);
    // The same pair after a restart: the phones' subscriptions stay valid.
    await pushTest.rig.restartBridge();
    expect(((await (await pushTest.rig.api('GET', '/api/push/key', cookie)).json()) as { publicKey: string }).publicKey).toBe(publicKey);
  });

  it('tells the worker which pushed asks closed since, so their notifications are withdrawn', async () => {
    const { sub } = await pushTest.rig.phone();
    const pane = pushTest.rig.pane('p');
    pushTest.rig.ask(pane, 'first');
    await pushTest.rig.settle();
    const [first] = pushesTo(sub.id);
    pushTest.rig.pane('p').decide('first');
    await pushTest.rig.settle();
    pushTest.rig.ask(pane, 'second');
    await pushTest.rig.settle();
    expect(pushesTo(sub.id).map((p) => [p.title, p.closed])).toEqual([
      ['Question first?', []],
      ['Question second?', [first!.tag]],
    ]);
  });

  it('never names as closed an ask open again: the worker would withdraw the notification of a question still waiting', async () => {
    const { sub } = await pushTest.rig.phone();
    pushTest.rig.ask(pushTest.rig.pane('p'), 'first');
    await pushTest.rig.settle();
    // The agent restarts and, for a poll, lists no ask; then it raises the same question again.
    await pushTest.rig.restartAgent();
    await pushTest.rig.settle();
    pushTest.rig.ask(pushTest.rig.pane('p'), 'first');
    await pushTest.rig.settle();
    pushTest.rig.ask(pushTest.rig.pane('q'), 'second');
    await pushTest.rig.settle();
    expect(pushesTo(sub.id).map((p) => [p.title, p.closed])).toEqual([
      ['Question first?', []],
      ['Question second?', []],
    ]);
  });

  it('deletes a subscription the push pushTest.service says is gone (410), and pushes to the others', async () => {
    const gone = await pushTest.rig.phone();
    const kept = await pushTest.rig.phone();
    pushTest.service.answer(gone.sub.id, 410);
    pushTest.rig.ask(pushTest.rig.pane('p'), 'a');
    await pushTest.rig.settle();
    expect(pushTest.service.attempts).toContain(gone.sub.id);
    expect(pushesTo(kept.sub.id)).toHaveLength(1);
    expect(pushTest.rig.bridge.push.subscriptions.all().map((s) => s.endpoint)).toEqual([kept.sub.json.endpoint]);
    expect(pushTest.rig.log.join('\n')).not.toContain(gone.sub.json.endpoint);
    const before = pushTest.service.attempts.length;
    pushTest.rig.ask(pushTest.rig.pane('p'), 'b');
    await pushTest.rig.settle();
    expect(pushTest.service.attempts.slice(before)).toEqual([kept.sub.id]);
  });

  it('deletes a revoked device’s subscriptions at once, and a device revoked while the bridge was stopped at start', async () => {
    const a = await pushTest.rig.phone();
    const b = await pushTest.rig.phone();
    const [deviceA, deviceB] = pushTest.rig.bridge.devices.list();
    await pushTest.rig.bridge.devices.revoke(deviceA!.id);
    await pushTest.rig.bridge.push.settled();
    expect(pushTest.rig.bridge.push.subscriptions.all().map((s) => s.deviceId)).toEqual([deviceB!.id]);
    pushTest.rig.ask(pushTest.rig.pane('p'), 'a');
    await pushTest.rig.settle();
    expect(pushesTo(a.sub.id)).toEqual([]);
    expect(pushesTo(b.sub.id)).toHaveLength(1);
    // Revoked behind the bridge's back (its devices.json rewritten while stopped).
    await pushTest.rig.restartBridge(() => writePrivateFile(join(pushTest.dir.path, 'state', 'devices.json'), JSON.stringify({ devices: [] })));
    expect(pushTest.rig.bridge.push.subscriptions.all()).toEqual([]);
    expect(JSON.parse(await readFile(join(pushTest.dir.path, 'state', 'push', 'subscriptions.json'), 'utf8'))).toEqual({ subscriptions: [], stopped: [] });
  });
});
