import { createStore, get, set } from 'idb-keyval';

/**
 * Whether this phone's notifications may answer (Settings → Answer from notifications), kept in
 * IndexedDB where the service worker reads it at each push and again at each press (a worker has
 * no localStorage). Choice questions are on until the person turns them off; a tool's permission
 * is off until the person turns it on: allowing a tool from a lock screen, which shows only the
 * tool and one line of its command or path, deserves an explicit choice.
 */
export interface AnswerSettings {
  /** Buttons for a choice question with one answer and a few short options. */
  choice: boolean;
  /** Allow once and Deny for a tool's permission; never without `choice`. */
  permission: boolean;
}

export const ANSWER_DEFAULTS: AnswerSettings = { choice: true, permission: false };

/** The worker's settings store (sw-words.ts keeps the chosen language in it too). */
export const workerSettings = () => createStore('collie-worker', 'settings');
const KEY = 'answer-from-notifications';

/** Reads a kept value; anything else is the defaults. Permission is never on with choice off. */
export function readAnswerSettings(raw: unknown): AnswerSettings {
  const kept = typeof raw === 'object' && raw !== null ? (raw as Partial<Record<keyof AnswerSettings, unknown>>) : {};
  const choice = typeof kept.choice === 'boolean' ? kept.choice : ANSWER_DEFAULTS.choice;
  const permission = typeof kept.permission === 'boolean' ? kept.permission : ANSWER_DEFAULTS.permission;
  return { choice, permission: choice && permission };
}

export async function loadAnswerSettings(): Promise<AnswerSettings> {
  try {
    return readAnswerSettings(await get<unknown>(KEY, workerSettings()));
  } catch {
    return ANSWER_DEFAULTS; // no storage here: the defaults, which never allow a tool
  }
}

export async function keepAnswerSettings(settings: AnswerSettings): Promise<void> {
  await set(KEY, readAnswerSettings(settings), workerSettings());
}
