import { describe, expect, it, vi } from 'vitest';
import { memory } from '../stores/testing/acts-kit';
import { createStorage } from '../storage';
import { createInstallStore, type InstallEnv } from './install-store';

function env(over: Partial<InstallEnv> = {}) {
  const listeners: Record<string, (event: Event) => void> = {};
  const full: InstallEnv = {
    on: (type, listener) => {
      listeners[type] = listener;
      return () => delete listeners[type];
    },
    standalone: () => false,
    iosSafari: () => false,
    secure: () => true,
    ...over,
  };
  return { env: full, fire: (type: string, event: Event) => listeners[type]?.(event) };
}

function offer() {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };
  event.prompt = vi.fn(() => Promise.resolve());
  event.userChoice = Promise.resolve({ outcome: 'accepted' });
  return event;
}

describe('installing the app', () => {
  it("keeps the browser's offer for the Install button, and asks it once", async () => {
    const { env: e, fire } = env();
    const store = createInstallStore(
      createStorage(() => memory()),
      e,
    );
    store.start();
    expect(store.canInstall.value).toBe(false);
    const event = offer();
    fire('beforeinstallprompt', event);
    expect([store.canInstall.value, event.defaultPrevented]).toEqual([true, true]);
    await store.install();
    await store.install();
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(store.canInstall.value).toBe(false);
    fire('appinstalled', new Event('appinstalled'));
    expect(store.standalone.value).toBe(true);
  });

  it('says the iOS way once, outside the Home Screen only, and remembers it was read', () => {
    const kept = memory();
    const storage = createStorage(() => kept);
    const first = createInstallStore(storage, env({ iosSafari: () => true }).env);
    expect([first.iosByHand, first.iosHintDue.value]).toEqual([true, true]);
    first.dismissIosHint();
    expect(first.iosHintDue.value).toBe(false);
    expect(createInstallStore(storage, env({ iosSafari: () => true }).env).iosHintDue.value).toBe(false);
    const home = createInstallStore(
      createStorage(() => memory()),
      env({ iosSafari: () => true, standalone: () => true }).env,
    );
    expect([home.iosByHand, home.iosHintDue.value]).toEqual([false, false]);
    expect(
      createInstallStore(
        createStorage(() => memory()),
        env().env,
      ).iosHintDue.value,
    ).toBe(false);
  });

  it('knows when the address is not a secure context', () => {
    expect(
      createInstallStore(
        createStorage(() => memory()),
        env({ secure: () => false }).env,
      ).insecure,
    ).toBe(true);
  });
});
