// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatJson, DashboardJson } from '../../wire/bridge-json';
import { parseAsk } from '../../wire/parse-ask';
import { COPY_AFTER_MS, polled } from '../stores/polled';
import { createKeptCopies, type CopyBackend } from '../storage';
import { chatJson, agentRow } from '../views/testing/acts-rig';
import { choiceAsk } from '../views/ask-cards/testing/card-rig';
import { COPY_WRITE_MS, keptCopy } from './kept-copy';
import { parseAgentView, parseChatView, parseDashboard } from './parse-views';

/** A backend in memory that stores what IndexedDB would: a structured clone. */
function memoryBackend(fail = false): CopyBackend & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  const maybe = () => (fail ? Promise.reject(new Error('denied')) : Promise.resolve());
  return {
    data,
    get: async (key) => (await maybe(), structuredClone(data.get(key))),
    set: async (key, value) => (await maybe(), void data.set(key, structuredClone(value))),
    keys: async () => (await maybe(), [...data.keys()]),
    clear: async () => (await maybe(), data.clear()),
  };
}

const chat: ChatJson = chatJson({
  entries: [
    { type: 'item', item: { id: 'i1', at: '2026-03-12T09:00:00Z', kind: 'reply', text: 'hello' } },
    { type: 'decision', id: 'd1', decidedBy: 'phone', title: 'Ship?', answered: { labels: ['Yes'] } },
  ],
  asks: [{ ...parseAsk(choiceAsk())!, hash: 'c'.repeat(32) }], // as the bridge sends it: parsed by the wire's rules
});
const dashboard: DashboardJson = {
  durable: true,
  agents: [agentRow(null)],
  inbox: [{ agent: 'desk', paneId: 'p', askId: 'a', kind: 'choice', title: 'Ship?', conversation: 'Release' }],
};

afterEach(() => vi.useRealTimers());

/**
 * A chat's kept copy in memory, with the page's leaving and the frame's paint in the test's hands:
 * `paint` runs each waiting write at once, or holds it in `painted` until the test paints.
 */
function copyRig({ paint = 'held', now = () => 1, hold }: { paint?: 'held' | 'at once'; now?: () => number; hold?: () => Promise<void> | null } = {}) {
  const copies = createKeptCopies(() => Promise.resolve(memoryBackend()));
  const write = vi.spyOn(copies, 'write');
  const painted: (() => void)[] = [];
  const leaving: (() => void)[] = [];
  const copy = keptCopy(copies, 'chat', () => Promise.resolve(parseChatView), {
    hold,
    now,
    onLeave: (flush) => leaving.push(flush),
    afterPaint: (then) => (paint === 'at once' ? then() : painted.push(then)),
  });
  return { copy, write, painted, leaving };
}

describe('kept copies', () => {
  it('read back through the parsers exactly what was kept, with when it was read', async () => {
    const copies = createKeptCopies(() => Promise.resolve(memoryBackend()));
    await copies.write('chat', chat, 1234);
    await copies.write('dashboard', dashboard, 99);
    expect(await copies.read('chat', parseChatView)).toEqual({ value: chat, at: 1234 });
    expect(await copies.read('dashboard', parseDashboard)).toEqual({ value: dashboard, at: 99 });
    expect(parseAgentView({ agent: agentRow(null), conversations: [], layout: [], starters: [] })).not.toBeNull();
    // A lead's dashboard: a crew member's agent, named with its machine, and the machines.
    const lead: DashboardJson = {
      ...dashboard,
      agents: [{ ...agentRow(null), name: 'pi@box', where: 'elsewhere', machine: { label: 'box', agent: 'pi' } }],
      machines: [{ label: 'box', state: 'live' }],
    };
    expect(parseDashboard(lead)).toEqual(lead);
    // A tail read's copy keeps how much it left out; a count that is not one drops the copy.
    expect(parseChatView({ ...chat, earlier: 1800 })).toEqual({ ...chat, earlier: 1800 });
    expect(parseChatView({ ...chat, earlier: -1 })).toBeNull();
  });

  it('drop a copy of another shape or version unread, and never throw', async () => {
    const backend = memoryBackend();
    const copies = createKeptCopies(() => Promise.resolve(backend));
    backend.data.set('old', { v: 0, at: 1, value: chat });
    backend.data.set('changed', { v: 1, at: 1, value: { ...chat, entries: [{ type: 'item', item: { id: 'x', kind: 'reply' } }] } });
    backend.data.set('junk', 'not a copy');
    for (const key of ['old', 'changed', 'junk', 'missing']) expect(await copies.read(key, parseChatView)).toBeNull();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = createKeptCopies(() => Promise.resolve(memoryBackend(true)));
    expect(await broken.write('chat', chat, 1)).toBe(false);
    expect(await broken.read('chat', parseChatView)).toBeNull();
    await broken.clear();
  });

  it('clear every copy', async () => {
    const copies = createKeptCopies(() => Promise.resolve(memoryBackend()));
    await copies.write('chat', chat, 1);
    await copies.clear();
    expect(await copies.read('chat', parseChatView)).toBeNull();
  });

  it('write the first read once the frame that draws it is painted, then the last of a burst a little later', async () => {
    vi.useFakeTimers();
    let clock = 1;
    const { copy, write, painted } = copyRig({ now: () => clock });
    copy.save(chat);
    expect(write).not.toHaveBeenCalled(); // nothing stands between the bridge's answer and its frame
    for (const paint of painted.splice(0)) paint();
    expect(write).toHaveBeenCalledTimes(1); // kept as soon as it is drawn
    expect(write.mock.calls[0]?.[1]).toMatchObject({ trimmed: false });
    for (clock = 2; clock <= 5; clock += 1) copy.save({ ...chat, trimmed: clock === 5 });
    expect(write).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(COPY_WRITE_MS);
    expect(write).toHaveBeenCalledTimes(2);
    expect(write.mock.calls[1]?.[1]).toMatchObject({ trimmed: true });
    expect(painted).toEqual([]); // only the first copy waits for a frame
  });

  it('write the first copy once its hold ends, not at the next frame, while it is held', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { copy, write, painted } = copyRig({ hold: () => held });
    copy.save(chat);
    copy.save({ ...chat, trimmed: true });
    expect(painted).toEqual([]); // not the next frame: the start-up still holds it
    await Promise.resolve();
    expect(write).not.toHaveBeenCalled();
    release();
    await vi.waitFor(() => expect(write).toHaveBeenCalledTimes(1));
    expect(write.mock.calls[0]?.[1]).toMatchObject({ trimmed: true }); // whatever is pending then: one write
  });

  it('write the first copy when the page is left before its frame is painted, and once only', async () => {
    const { copy, write, painted, leaving } = copyRig();
    copy.save(chat);
    for (const leave of leaving) leave(); // a reload right after the read
    expect(write).toHaveBeenCalledTimes(1);
    for (const paint of painted) paint();
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('parse no copy once it is no longer wanted (the bridge answered while it was read)', async () => {
    const copies = createKeptCopies(() => Promise.resolve(memoryBackend()));
    await copies.write('chat', chat, 1);
    const parse = vi.fn(parseChatView);
    const copy = keptCopy(copies, 'chat', () => Promise.resolve(parse));
    expect(await copy.load(() => false)).toBeNull();
    expect(parse).not.toHaveBeenCalled();
    expect((await copy.load())?.value).toEqual(chat);
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('load no parser for a copy no longer wanted once it is read, nor for no copy', async () => {
    const copies = createKeptCopies(() => Promise.resolve(memoryBackend()));
    const parser = vi.fn(() => Promise.resolve(parseChatView));
    expect(await keptCopy(copies, 'chat', parser).load()).toBeNull(); // nothing kept yet
    await copies.write('chat', chat, 1);
    let answered = false;
    const copy = keptCopy(copies, 'chat', parser);
    const loading = copy.load(() => !answered);
    answered = true; // the bridge answers while the copy is read
    expect(await loading).toBeNull();
    expect(parser).not.toHaveBeenCalled();
    expect((await copy.load())?.value).toEqual(chat);
    expect(parser).toHaveBeenCalledTimes(1);
  });

  it('write what waits when the page is left, and not again when its timer would have run', async () => {
    vi.useFakeTimers();
    const { copy, write, leaving } = copyRig({ paint: 'at once' });
    copy.save(chat);
    copy.save({ ...chat, trimmed: true });
    expect(write).toHaveBeenCalledTimes(1);
    for (const leave of leaving) leave();
    expect(write).toHaveBeenCalledTimes(2);
    expect(write.mock.calls[1]?.[1]).toMatchObject({ trimmed: true });
    await vi.advanceTimersByTimeAsync(COPY_WRITE_MS);
    expect(write).toHaveBeenCalledTimes(2);
  });
});

describe('a polled view with a kept copy', () => {
  const env = { isVisible: () => true, onVisibility: () => () => {} };

  it('shows the copy as soon as the bridge fails, and says when it was read', async () => {
    const kept: number[] = [];
    const copy = { load: vi.fn(() => Promise.resolve({ value: dashboard, at: 42 })), save: vi.fn() };
    const resource = polled(() => Promise.reject(new Error('down')), { ...env, failedRetryMs: 10_000, copyAfterMs: 60_000, kept: (at) => kept.push(at) }, copy);
    const stop = resource.start();
    await vi.waitFor(() => expect(resource.data.value).toEqual(dashboard));
    expect(kept).toEqual([42]);
    expect(resource.stale.value).toBe(true);
    expect(copy.load).toHaveBeenCalledTimes(1);
    stop();
  });

  it(`shows the copy ${COPY_AFTER_MS} ms after the start while the bridge does not answer, and not before`, async () => {
    vi.useFakeTimers();
    const copy = { load: vi.fn(() => Promise.resolve({ value: dashboard, at: 42 })), save: vi.fn() };
    const resource = polled(() => new Promise<never>(() => {}), env, copy);
    const stop = resource.start();
    await vi.advanceTimersByTimeAsync(COPY_AFTER_MS - 1);
    expect(copy.load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(resource.data.value).toEqual(dashboard);
    stop();
  });

  it(`draws a bridge that answers within ${COPY_AFTER_MS} ms once: the copy is not even read`, async () => {
    vi.useFakeTimers();
    const fresh = { ...dashboard, durable: false };
    const copy = { load: vi.fn(() => Promise.resolve({ value: dashboard, at: 42 })), save: vi.fn() };
    const shown: unknown[] = [];
    const resource = polled((etag) => (etag ? new Promise<never>(() => {}) : Promise.resolve({ changed: true as const, data: fresh, etag: '"1"' })), env, copy);
    const unwatch = resource.data.subscribe((value) => shown.push(value));
    const stop = resource.start();
    await vi.advanceTimersByTimeAsync(COPY_AFTER_MS * 2);
    expect(shown).toEqual([null, fresh]);
    expect(copy.load).not.toHaveBeenCalled();
    unwatch();
    stop();
  });

  it('never puts the copy over what the bridge answered, and keeps each new answer', async () => {
    const fresh = { ...dashboard, durable: false };
    let release: (copy: { value: DashboardJson; at: number }) => void = () => {};
    const copy = { load: () => new Promise<{ value: DashboardJson; at: number }>((resolve) => (release = resolve)), save: vi.fn() };
    const resource = polled((etag) => (etag ? new Promise<never>(() => {}) : Promise.resolve({ changed: true as const, data: fresh, etag: '"1"' })), env, copy);
    const stop = resource.start();
    await vi.waitFor(() => expect(resource.data.value).toEqual(fresh));
    release({ value: dashboard, at: 1 });
    await Promise.resolve();
    expect(resource.data.value).toEqual(fresh);
    expect(copy.save).toHaveBeenCalledWith(fresh);
    stop();
  });
});
