import { describe, expect, it, vi } from 'vitest';
import { createUpdateStore, UPDATE_CHECK_MS, type ServiceWorkerLike, type UpdateEnv } from './update-store';

function fakeWorker() {
  const listeners: Record<string, (() => void)[]> = {};
  const worker = {
    addEventListener: (type: string, listener: () => void) => (listeners[type] ??= []).push(listener),
    register: vi.fn(() => Promise.resolve()),
    update: vi.fn(() => Promise.resolve()),
    messageSkipWaiting: vi.fn(),
  } satisfies ServiceWorkerLike;
  return { worker, fire: (type: string) => listeners[type]?.forEach((l) => l()) };
}

function fakeEnv(visible = true) {
  const ticks: { ms: number; run: () => void }[] = [];
  const env: UpdateEnv & { reloads: number; visible: boolean } = {
    reloads: 0,
    visible,
    reload: () => void (env.reloads += 1),
    isVisible: () => env.visible,
    every: (ms, run) => {
      ticks.push({ ms, run });
      return () => {};
    },
  };
  return { env, tick: () => ticks.forEach((t) => t.run()), periods: () => ticks.map((t) => t.ms) };
}

/** Starts the store and waits until its worker is loaded and registered. */
async function started(worker: ServiceWorkerLike, env: UpdateEnv) {
  const store = createUpdateStore(() => Promise.resolve(worker), env);
  store.start();
  await vi.waitFor(() => expect(worker.register).toHaveBeenCalledTimes(1));
  return store;
}

describe('app updates', () => {
  it('registers at start, says a new version is ready when one waits, and swaps only on Reload, reloading once', async () => {
    const { worker, fire } = fakeWorker();
    const { env } = fakeEnv();
    const store = await started(worker, env);
    expect(store.ready.value).toBe(false);
    fire('waiting');
    expect(store.ready.value).toBe(true);
    expect(worker.messageSkipWaiting).not.toHaveBeenCalled(); // no silent swap
    store.reload();
    expect(worker.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(env.reloads).toBe(0); // not before the new version controls the page
    fire('controlling');
    fire('controlling');
    expect(env.reloads).toBe(1);
  });

  it('does not reload for a takeover another tab asked for', async () => {
    const { worker, fire } = fakeWorker();
    const { env } = fakeEnv();
    await started(worker, env);
    fire('waiting');
    fire('controlling');
    expect(env.reloads).toBe(0);
  });

  it('looks for a new version every hour, only while the app is on screen', async () => {
    const { worker } = fakeWorker();
    const { env, tick, periods } = fakeEnv();
    await started(worker, env);
    expect(periods()).toEqual([UPDATE_CHECK_MS]);
    tick();
    expect(worker.update).toHaveBeenCalledTimes(1);
    env.visible = false;
    tick();
    expect(worker.update).toHaveBeenCalledTimes(1);
  });

  it('stays quiet without a service worker', () => {
    const store = createUpdateStore(null, fakeEnv().env);
    store.start();
    store.reload();
    expect(store.ready.value).toBe(false);
  });
});
