import { askKey } from '../../../wire/ask-key';
import type { AnswerIntent } from '../../stores/intents-store';
import { markAdopted, PRESS_DEADLINE_MS, readPresses, type Press, type PressBackend } from '../service-worker/notification-presses';

/** A press the worker may still be sending, by its age: past the worker's deadline and a margin, it was cut short. */
const STILL_SENDING_MS = PRESS_DEADLINE_MS + 5000;

/**
 * A press on a notification as the app's ledger keeps an intent: the same request id and the
 * request the worker sent (the card's route, its hash, the option pressed), so the card shows how
 * it went and an unknown one's Try again is the same request again. A press cut short (the worker
 * stopped mid-send) reads as unknown, as a cut-short tap does after a reload.
 */
export function intentOfPress(press: Press): AnswerIntent {
  const { requestId, agent, paneId, askId, hash, optionId } = press;
  const intent: AnswerIntent = {
    requestId,
    key: askKey(agent, askId),
    request: { askId, body: { agent, paneId, requestId, hash, answer: { optionIds: [optionId] }, secondTap: false, via: 'notification' } },
    tries: 1,
    state: press.state === 'sending' ? 'unknown' : press.state,
    at: press.at,
  };
  if (press.state === 'failed') intent.error = press.error ?? '';
  else intent.reply = { outcome: press.state === 'done' ? (press.outcome ?? 'unknown') : 'unknown' };
  return intent;
}

/**
 * Takes the worker's presses into the app's ledger, each once: the settled ones, and those cut
 * short. One the worker may still be sending is left for its word (PRESS_SETTLED) or a later look.
 * Resolves with how long until a press still sending should be looked at again (null: none).
 */
export async function takePresses(backend: PressBackend, now: number, adopt: (intent: AnswerIntent) => void): Promise<number | null> {
  const taken: Press[] = [];
  let again: number | null = null;
  for (const press of await readPresses(backend, now)) {
    if (press.adopted) continue;
    const age = now - press.at;
    if (press.state === 'sending' && age < STILL_SENDING_MS) {
      again = Math.min(again ?? Infinity, STILL_SENDING_MS - age);
      continue;
    }
    adopt(intentOfPress(press));
    taken.push(press);
  }
  await markAdopted(backend, taken);
  return again;
}
