import { signal, type ReadonlySignal } from '@preact/signals';
import type { Storage } from '../storage';

/** The browser's install offer (Chromium's `beforeinstallprompt`; not in TypeScript's DOM types). */
export interface InstallOffer extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface InstallEnv {
  /** Listens on the window; returns the cleanup. */
  on(type: 'beforeinstallprompt' | 'appinstalled', listener: (event: Event) => void): () => void;
  /** Opened from the Home Screen (or installed app window) rather than a browser tab. */
  standalone(): boolean;
  /** Safari on an iPhone or iPad: no install offer there; Add to Home Screen is by hand. */
  iosSafari(): boolean;
  /** Service workers, installing and notifications need a secure context (HTTPS, or this machine). */
  secure(): boolean;
}

export interface InstallStore {
  /** The browser offers to install the app: an Install button can ask it. */
  canInstall: ReadonlySignal<boolean>;
  standalone: ReadonlySignal<boolean>;
  /** Safari on iOS outside the Home Screen: how to add it is said in words. */
  iosByHand: boolean;
  /** The one-time iOS hint on the dashboard is still to be shown. */
  iosHintDue: ReadonlySignal<boolean>;
  /** Plain HTTP off this machine: no service worker, install or notification can work. */
  insecure: boolean;
  install(): Promise<void>;
  dismissIosHint(): void;
  start(): () => void;
}

const HINT_KEY = 'collie.iosHint.v1';

export const browserInstallEnv: InstallEnv = {
  on(type, listener) {
    window.addEventListener(type, listener);
    return () => window.removeEventListener(type, listener);
  },
  standalone: () => matchMedia('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true,
  // iPadOS names itself a Mac; its touch points tell it apart. Other iOS browsers are Safari inside too.
  iosSafari: () => /iPhone|iPad|iPod/.test(navigator.userAgent) || (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1),
  secure: () => window.isSecureContext,
};

/** Keeping Collie on the phone: the browser's install offer, the iOS way by hand, and whether either can work here. */
export function createInstallStore(storage: Storage, env: InstallEnv = browserInstallEnv): InstallStore {
  let offer: InstallOffer | null = null;
  const canInstall = signal(false);
  const standalone = signal(env.standalone());
  const iosByHand = env.iosSafari() && !standalone.peek();
  const iosHintDue = signal(iosByHand && storage.read(HINT_KEY, (raw) => (raw === true ? true : null)) !== true);
  return {
    canInstall,
    standalone,
    iosByHand,
    iosHintDue,
    insecure: !env.secure(),
    async install() {
      const asked = offer;
      if (!asked) return;
      offer = null; // the browser honours an offer once
      canInstall.value = false;
      await asked.prompt();
      await asked.userChoice.catch(() => undefined);
    },
    dismissIosHint() {
      storage.write(HINT_KEY, true);
      iosHintDue.value = false;
    },
    start() {
      const stops = [
        env.on('beforeinstallprompt', (event) => {
          event.preventDefault(); // the app's own Install button asks, when the person wants it
          offer = event as InstallOffer;
          canInstall.value = true;
        }),
        env.on('appinstalled', () => {
          offer = null;
          canInstall.value = false;
          standalone.value = true;
        }),
      ];
      return () => stops.forEach((stop) => stop());
    },
  };
}
