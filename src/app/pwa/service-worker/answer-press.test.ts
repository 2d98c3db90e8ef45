import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AskOutcome } from '../../../wire/write-json';
import type { AskPush } from '../../../wire/push-payload';
import { answerButtons, answerFromNotification, pressWords, type PressDeps } from './answer-press';
import { ANSWER_DEFAULTS, type AnswerSettings } from './answer-settings';
import { readPresses, type Press } from './notification-presses';
import { notificationOf } from './push-handlers';
import { loadWorkerLocale } from './sw-words';
import { memoryPresses } from './testing/memory-presses';

const HASH = '0123456789abcdef0123456789abcdef';
const choicePush: AskPush = {
  v: 1,
  kind: 'ask',
  tag: 't1',
  closed: [],
  agent: 'desk',
  paneId: 'p',
  askId: 'a1',
  conversation: 'Release',
  title: 'Ship it?',
  answer: {
    kind: 'choice',
    hash: HASH,
    options: [
      { id: 'y', label: 'Yes' },
      { id: 'n', label: 'No' },
    ],
  },
};
const permissionPush: AskPush = { ...choicePush, title: 'bash', answer: { kind: 'permission', hash: HASH, allow: 'once', deny: 'no' } };
const BOTH: AnswerSettings = { choice: true, permission: true };

afterEach(() => loadWorkerLocale(['en']));

describe('which notifications show buttons on this phone', () => {
  it('a choice by default, with its options as buttons, when the browser has room for them all', () => {
    expect(answerButtons(choicePush, ANSWER_DEFAULTS, 2)?.buttons).toEqual([
      { id: 'y', label: 'Yes' },
      { id: 'n', label: 'No' },
    ]);
    expect(answerButtons(choicePush, ANSWER_DEFAULTS, 1)).toBeNull(); // never one option of two
    expect(answerButtons(choicePush, ANSWER_DEFAULTS, 0)).toBeNull(); // iOS: no maxActions
    expect(answerButtons(choicePush, { choice: false, permission: false }, 2)).toBeNull();
  });

  it('a permission only once turned on, as Allow once and Deny in the app’s words', () => {
    expect(answerButtons(permissionPush, ANSWER_DEFAULTS, 2)).toBeNull();
    expect(answerButtons(permissionPush, BOTH, 2)?.buttons).toEqual([
      { id: 'once', label: 'Allow once' },
      { id: 'no', label: 'Deny' },
    ]);
  });

  it('none when the bridge sent no answer (a watch device, a text question)', () => {
    const { answer: _answer, ...plain } = choicePush;
    expect(answerButtons(plain, BOTH, 3)).toBeNull();
  });

  it('the notification carries the buttons as actions and what a press sends as its data', () => {
    const answer = answerButtons(choicePush, ANSWER_DEFAULTS, 2);
    const { options } = notificationOf(choicePush, answer);
    expect(options.actions).toEqual([
      { action: 'y', title: 'Yes' },
      { action: 'n', title: 'No' },
    ]);
    expect(options.data).toMatchObject({ answer: { agent: 'desk', paneId: 'p', askId: 'a1', hash: HASH } });
    expect(notificationOf(choicePush).options.actions).toBeUndefined();
  });
});

const press = (over: Partial<Press>): Press => ({
  requestId: 'r',
  agent: 'desk',
  paneId: 'p',
  askId: 'a1',
  hash: HASH,
  optionId: 'y',
  label: 'Yes',
  state: 'done',
  at: 0,
  ...over,
});

describe('what a press came to, in words', () => {
  it('says each outcome in the card’s words where they fit a notification', () => {
    const words = (outcome: AskOutcome) => pressWords(press({ outcome }));
    expect(words('taken')).toBe('Answered: Yes');
    expect(words('stale')).toBe('This question changed. Open it to read it again.');
    expect(words('decided-in-agent')).toBe('Decided in the durable agent.');
    expect(words('timed-out')).toBe('Timed out before an answer.');
    expect(words('already-answered')).toBe('Already answered.');
    expect(words('too-late')).toBe('Not taken. The question may show again in a moment.');
    expect(words('maybe-applied')).toBe('May already be applied. Check the chat.');
    expect(words('busy')).toBe('Not taken. Open it to answer on its card.');
    expect(pressWords(press({ state: 'unknown', outcome: 'unknown' }))).toBe('Not sure the answer arrived. Open the app to try again.');
    expect(pressWords(press({ state: 'sending' }))).toBe('Sending…');
    expect(pressWords(press({ state: 'failed', error: 'not-paired' }))).toBe('Not taken. Open it to answer on its card.');
    expect(pressWords(press({ state: 'failed', error: 'caller-refused' }))).toBe('The durable agent refused this tap: it came from a process it started.');
  });

  it('in the person’s language', async () => {
    await loadWorkerLocale(['ru']);
    expect(pressWords(press({ outcome: 'taken' }))).toBe('Ответ: Yes');
    expect(pressWords(press({ state: 'unknown' }))).toBe('Неясно, дошёл ли ответ. Откройте приложение, чтобы повторить.');
    await loadWorkerLocale(['zh-CN']);
    expect(pressWords(press({ outcome: 'stale' }))).toBe('此问题已更改。请打开它重新阅读。');
    expect(pressWords(press({ outcome: 'decided-in-agent' }))).toBe('在 durable agent 中决定。');
  });
});

/** A worker scope with its shown notifications, and a press's dependencies with a bridge the test answers. */
function pressRig(reply: () => Promise<Response>, settings: AnswerSettings = ANSWER_DEFAULTS) {
  const shown: { title: string; options: NotificationOptions }[] = [];
  const windows = [{ postMessage: vi.fn() }];
  const sw = {
    registration: { showNotification: vi.fn(async (title: string, options: NotificationOptions) => void shown.push({ title, options })) },
    clients: { matchAll: async () => windows },
  } as unknown as ServiceWorkerGlobalScope;
  const backend = memoryPresses();
  const fetched: { path: string; init: RequestInit }[] = [];
  const deps: PressDeps = {
    presses: async () => backend,
    settings: async () => settings,
    fetch: vi.fn(async (path: RequestInfo | URL, init?: RequestInit) => {
      fetched.push({ path: String(path), init: init ?? {} });
      return reply();
    }),
    now: () => 5000,
    open: vi.fn(async () => {}),
  };
  const { title, options } = notificationOf(choicePush, answerButtons(choicePush, settings, 2));
  const notification = { title, tag: options.tag, icon: options.icon, data: options.data } as unknown as Notification;
  return { sw, shown, windows, backend, fetched, deps, notification, bodies: () => shown.map((n) => n.options.body) };
}

const json = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('a press on a button', () => {
  it('sends the card’s request once, through its route, with the push’s hash and a request id kept before it went', async () => {
    const rig = pressRig(json(200, { outcome: 'taken' }));
    await answerFromNotification(rig.sw, rig.notification, 'y', rig.deps);
    expect(rig.fetched).toHaveLength(1);
    const [{ path, init }] = rig.fetched as [{ path: string; init: RequestInit }];
    expect(path).toBe('/api/agents/desk/panes/p/asks/a1');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' } });
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    const [kept] = await readPresses(rig.backend, 5000);
    expect(body).toEqual({ requestId: kept!.requestId, hash: HASH, answer: { optionIds: ['y'] }, secondTap: false, via: 'notification' });
    expect(kept).toMatchObject({ state: 'done', outcome: 'taken', optionId: 'y' });
    // "Sending…" first (no buttons left to press), then what happened, in place (same tag).
    expect(rig.bodies()).toEqual(['Sending…\nShip it?', 'Answered: Yes\nShip it?']);
    expect(rig.shown.every((n) => n.options.tag === 't1' && !('actions' in n.options))).toBe(true);
    expect(rig.windows[0]!.postMessage).toHaveBeenCalledWith({ type: 'collie-pressed' });
  });

  it('a second press of the same notification sends nothing new, and says again what happened', async () => {
    const rig = pressRig(json(200, { outcome: 'taken' }));
    await Promise.all([answerFromNotification(rig.sw, rig.notification, 'y', rig.deps), answerFromNotification(rig.sw, rig.notification, 'n', rig.deps)]);
    await answerFromNotification(rig.sw, rig.notification, 'n', rig.deps);
    expect(rig.fetched).toHaveLength(1);
    expect(rig.bodies().at(-1)).toBe('Answered: Yes\nShip it?');
  });

  it('the bridge not answering: unknown, said so, and never sent again by the worker', async () => {
    const rig = pressRig(async () => Promise.reject(new TypeError('Failed to fetch')));
    await answerFromNotification(rig.sw, rig.notification, 'y', rig.deps);
    await answerFromNotification(rig.sw, rig.notification, 'y', rig.deps);
    expect(rig.fetched).toHaveLength(1);
    expect(rig.bodies().at(-1)).toBe('Not sure the answer arrived. Open the app to try again.\nShip it?');
    expect((await readPresses(rig.backend, 5000))[0]).toMatchObject({ state: 'unknown' });
  });

  it('reads a reply as the card does: stale and the rest as outcomes, a 5xx unknown, a refusal by its code', async () => {
    const stale = pressRig(json(200, { outcome: 'stale', ask: {} }));
    await answerFromNotification(stale.sw, stale.notification, 'y', stale.deps);
    expect(stale.bodies().at(-1)).toBe('This question changed. Open it to read it again.\nShip it?');
    const down = pressRig(json(502, { code: 'agent-unreachable' }));
    await answerFromNotification(down.sw, down.notification, 'y', down.deps);
    expect((await readPresses(down.backend, 5000))[0]).toMatchObject({ state: 'unknown' });
    const refused = pressRig(json(403, { code: 'watch-only', message: 'no' }));
    await answerFromNotification(refused.sw, refused.notification, 'y', refused.deps);
    expect((await readPresses(refused.backend, 5000))[0]).toMatchObject({ state: 'failed', error: 'watch-only' });
  });

  it('a button it did not show, or a setting turned off since, only opens the card', async () => {
    const rig = pressRig(json(200, { outcome: 'taken' }));
    await answerFromNotification(rig.sw, rig.notification, 'maybe', rig.deps);
    const off = pressRig(json(200, { outcome: 'taken' }));
    off.deps.settings = async () => ({ choice: false, permission: false });
    await answerFromNotification(off.sw, off.notification, 'y', off.deps);
    expect([rig.fetched.length, off.fetched.length]).toEqual([0, 0]);
    expect([rig.deps.open, off.deps.open].map((open) => (open as ReturnType<typeof vi.fn>).mock.calls.length)).toEqual([1, 1]);
  });
});
