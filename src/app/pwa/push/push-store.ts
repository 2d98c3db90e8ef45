import { effect, signal, type ReadonlySignal } from '@preact/signals';
import type { InboxAsk } from '../../../wire/bridge-json';
import { askKey } from '../../../wire/ask-key';
import type { InstallStore } from '../install-store';
import type { AnswerSettings } from '../service-worker/answer-settings';
import { isPressSettled, type PressBackend } from '../service-worker/notification-presses';
import { isOpenFromNotification, type NotificationData } from '../service-worker/sw-messages';
import type { AnswerIntent } from '../../stores/intents-store';
import { takePresses } from './press-intents';
import { TAPPABLE, type NotifyState } from './notify-state';
import type { PushApi } from './push-api';
import { SWITCH_WAIT_MS, SwitchFailed, switchDeadline, type SetTimer, type SwitchProblem } from './switch-deadline';

export type { NotifyState } from './notify-state';

export interface BrowserSubscription {
  endpoint: string;
  /** The key it was made for: not the bridge's any more (its state folder was reset) means pushes cannot arrive. */
  options?: { applicationServerKey: ArrayBuffer | null };
  toJSON(): unknown;
  unsubscribe(): Promise<boolean>;
}

export interface PushRegistration {
  pushManager: {
    getSubscription(): Promise<BrowserSubscription | null>;
    subscribe(options: { userVisibleOnly: true; applicationServerKey: Uint8Array<ArrayBuffer> }): Promise<BrowserSubscription>;
  };
  getNotifications(): Promise<{ data: unknown; timestamp: number; close(): void }[]>;
}

/** The browser, as the store needs it (tests pass their own). */
export interface PushEnv {
  /** Notifications and push exist here (and a service worker can run). */
  supported(): boolean;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  /** Heard when the person changes the site's permission in the browser's settings. */
  onPermissionChange(listener: () => void): () => void;
  /** The app's service worker, once active. */
  registration(): Promise<PushRegistration>;
  onWorkerMessage(listener: (data: unknown) => void): () => void;
  navigate(hash: string): void;
  now(): number;
  /** Bounds turning on and off (tests pass a clock of their own). */
  setTimer: SetTimer;
  /** How many buttons this browser shows on a notification (`Notification.maxActions`; 0 where it is missing, as on iOS). */
  maxActions(): number;
  /** Settings → Answer from notifications, where the service worker reads them. */
  answerSettings: { load(): Promise<AnswerSettings>; keep(settings: AnswerSettings): Promise<void> };
  /** The service worker's presses on notifications (notification-presses.ts). */
  presses(): Promise<PressBackend>;
}

export type TestOutcome = { sent: true } | { notTaken: true } | { failed: string };

export interface PushStore {
  state: ReadonlySignal<NotifyState>;
  /** Turning on or off is under way: the switch waits. */
  busy: ReadonlySignal<'on' | 'off' | null>;
  /** Why the last turning on or off failed: who did not answer in time, refused or failed, and how. */
  problem: ReadonlySignal<SwitchProblem | null>;
  /** How the last test went: sent, not taken by the phone's push service, or failed (the bridge's or the browser's words). */
  tested: ReadonlySignal<TestOutcome | null>;
  /** The switch's tap: asks the browser's permission only now, never before. */
  toggle(): Promise<void>;
  sendTest(): Promise<void>;
  /** Settings → Answer from notifications; null until read. */
  answering: ReadonlySignal<AnswerSettings | null>;
  /** This browser shows buttons on a notification (else the setting cannot do anything here). */
  showsButtons: boolean;
  setAnswering(next: AnswerSettings): Promise<void>;
  start(): () => void;
}

/** The open asks as the bridge listed them, and when (ms) it did. */
export interface OpenAsks {
  open: InboxAsk[];
  at: number;
}

/** A notification shown this recently before the inbox was read may be for an ask it had not heard of yet: kept. */
export const WITHDRAW_MARGIN_MS = 5000;

const keyBytes = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const sameKey = (kept: ArrayBuffer | null | undefined, publicKey: string) => {
  if (!kept) return true; // a browser that does not say: trust it
  const want = keyBytes(publicKey);
  const got = new Uint8Array(kept);
  return got.length === want.length && got.every((byte, i) => byte === want[i]);
};
const why = (err: unknown) => (err instanceof Error && err.message ? err.message : String(err));
/** A failure outside a bounded step (the permission question, a start): said in the browser's words. */
const problemOf = (err: unknown, turning: 'on' | 'off'): SwitchProblem => (err instanceof SwitchFailed ? err.problem : { turning, step: 'push', detail: why(err) });

/**
 * Notifications for questions on this phone: the settings switch's state, turning push on (the
 * browser's permission, asked only on the person's tap; a subscription the bridge keeps) and off,
 * the test notification, a tap on a notification showing its chat, and withdrawing notifications
 * whose asks are no longer open. `inbox`: the dashboard's open asks and when the bridge last
 * confirmed them, when known and fresh (null otherwise).
 */
export function createPushStore(
  api: PushApi,
  install: Pick<InstallStore, 'insecure' | 'iosByHand'>,
  env: PushEnv,
  inbox?: ReadonlySignal<OpenAsks | null>,
  waitMs: number = SWITCH_WAIT_MS,
  /** The app's answer ledger, which takes in what was pressed on a notification. */
  adopt: (intent: AnswerIntent) => void = () => {},
): PushStore {
  const fixed: NotifyState | null = install.insecure ? 'insecure' : install.iosByHand ? 'ios-home-screen' : env.supported() ? null : 'unsupported';
  const byPermission = (): NotifyState => fixed ?? (env.permission() === 'denied' ? 'blocked' : 'off');
  const state = signal<NotifyState>(byPermission());
  const busy = signal<'on' | 'off' | null>(null);
  const problem = signal<SwitchProblem | null>(null);
  const tested = signal<TestOutcome | null>(null);
  const answering = signal<AnswerSettings | null>(null);

  /** What the worker pressed on notifications, into the app's ledger; a press still under way is looked at again. */
  let again: (() => void) | null = null;
  async function pressed(): Promise<void> {
    const wait = await takePresses(await env.presses(), env.now(), adopt);
    again?.();
    again = wait === null ? null : env.setTimer(() => void pressed().catch(() => undefined), wait);
  }

  /** On only with the browser's permission and a subscription the bridge holds too (sent again: the bridge may have lost it). */
  async function refresh(): Promise<void> {
    const base = byPermission();
    if (base !== 'off' || env.permission() !== 'granted') return void (state.value = base);
    const pushManager = (await env.registration()).pushManager;
    let sub = await pushManager.getSubscription();
    if (sub) {
      const { publicKey, subscribed, stopped } = await api.key();
      // The bridge stopped pushing here: say so, and leave it to the person to try again.
      if (stopped && !subscribed) return void (state.value = 'stopped');
      if (!sameKey(sub.options?.applicationServerKey, publicKey)) {
        await sub.unsubscribe();
        sub = await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      }
      await api.subscribe(sub.toJSON());
    }
    state.value = sub ? 'on' : 'off';
  }

  /**
   * Every wait after the person's answer is bounded: a push service that cannot be reached, a
   * worker that is not running or a bridge that does not answer ends the turn with its reason,
   * the switch off. A subscription made too late, or that the bridge did not take, is undone, so
   * off is true.
   */
  async function turnOn(): Promise<void> {
    const permission = env.permission() === 'granted' ? 'granted' : await env.requestPermission();
    if (permission !== 'granted') return void (state.value = permission === 'denied' ? 'blocked' : 'off');
    const deadline = switchDeadline('on', waitMs, env.setTimer);
    let made: Promise<BrowserSubscription> | undefined;
    try {
      const { publicKey } = await deadline.step('bridge', api.key());
      const pushManager = (await deadline.step('worker', env.registration())).pushManager;
      made = pushManager.getSubscription().then((kept) => kept ?? pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
      const sub = await deadline.step('push', made);
      await deadline.step('bridge', api.subscribe(sub.toJSON()));
      state.value = 'on';
    } catch (err) {
      void made?.then((sub) => sub.unsubscribe()).catch(() => undefined);
      state.value = byPermission();
      throw err;
    } finally {
      deadline.end();
    }
  }

  async function turnOff(): Promise<void> {
    const deadline = switchDeadline('off', waitMs, env.setTimer);
    try {
      const sub = await deadline.step('push', (await deadline.step('worker', env.registration())).pushManager.getSubscription());
      if (sub) {
        await deadline.step('bridge', api.unsubscribe(sub.endpoint));
        await deadline.step('push', sub.unsubscribe());
      }
      state.value = 'off';
    } finally {
      deadline.end();
    }
  }

  /**
   * Closes the notifications of asks the inbox no longer lists, but only those shown before the
   * inbox was read: a list read earlier (a screen that does not keep the dashboard live, Settings
   * say) knows nothing of a question asked since, and must not close its notification.
   */
  async function withdraw({ open, at }: OpenAsks): Promise<void> {
    const keys = new Set(open.map((ask) => askKey(ask.agent, ask.askId)));
    const before = Math.min(env.now(), at) - WITHDRAW_MARGIN_MS;
    for (const shown of await (await env.registration()).getNotifications()) {
      const data = shown.data as Partial<NotificationData> | null;
      if (typeof data?.agent === 'string' && typeof data.askId === 'string' && !keys.has(askKey(data.agent, data.askId)) && shown.timestamp < before) shown.close();
    }
  }

  return {
    state,
    busy,
    problem,
    tested,
    answering,
    showsButtons: env.maxActions() > 0,
    async setAnswering(next) {
      // The switch turns once the worker can read it: a push that comes at once gets its buttons.
      try {
        await env.answerSettings.keep(next);
        answering.value = next;
      } catch {
        // not kept: the switch stays as the worker will read it
      }
    },
    async toggle() {
      if (busy.peek() || !TAPPABLE.includes(state.peek())) return;
      const turning = state.peek() === 'on' ? 'off' : 'on';
      busy.value = turning;
      problem.value = null;
      tested.value = null;
      try {
        await (turning === 'off' ? turnOff() : turnOn());
      } catch (err) {
        problem.value = problemOf(err, turning);
      } finally {
        busy.value = null;
      }
    },
    async sendTest() {
      tested.value = null;
      try {
        const { sent } = await api.test();
        tested.value = sent > 0 ? { sent: true } : { notTaken: true };
        // Not taken: the bridge may have given up on this subscription just now, and the switch says so.
        if (sent === 0) await refresh().catch(() => undefined);
      } catch (err) {
        tested.value = { failed: why(err) };
      }
    },
    start() {
      const stops = [
        env.onWorkerMessage((data) => {
          if (isOpenFromNotification(data)) env.navigate(data.hash);
          if (isPressSettled(data)) void pressed().catch(() => undefined);
        }),
        () => again?.(),
      ];
      void env.answerSettings.load().then((kept) => (answering.value ??= kept));
      // A press made while the app was closed: its card and its Try again, from the worker's ledger.
      void pressed().catch(() => undefined);
      if (fixed) return () => stops.forEach((stop) => stop());
      stops.push(env.onPermissionChange(() => void refresh().catch(() => undefined)));
      void refresh().catch((err: unknown) => (problem.value = problemOf(err, 'on')));
      if (inbox)
        stops.push(
          effect(() => {
            const open = inbox.value;
            if (open && state.value === 'on') void withdraw(open).catch(() => undefined);
          }),
        );
      return () => stops.forEach((stop) => stop());
    },
  };
}
