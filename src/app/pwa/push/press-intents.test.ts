import { describe, expect, it } from 'vitest';
import type { AskReply, AskRequest } from '../../../wire/write-json';
import type { BridgeClient } from '../../phone-api-client';
import { createStorage, type KeyValueStore } from '../../storage';
import { createIntentsStore, type AnswerIntent } from '../../stores/intents-store';
import { claimPress, PRESS_DEADLINE_MS, readPresses, settlePress, type Press } from '../service-worker/notification-presses';
import { memoryPresses } from '../service-worker/testing/memory-presses';
import { intentOfPress, takePresses } from './press-intents';

const HASH = '0123456789abcdef0123456789abcdef';
const press = (over: Partial<Press> = {}): Press => ({
  requestId: 'r-1',
  agent: 'desk',
  paneId: 'p',
  askId: 'a1',
  hash: HASH,
  optionId: 'y',
  label: 'Yes',
  state: 'done',
  outcome: 'stale',
  at: 1000,
  ...over,
});

function memory(): KeyValueStore {
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('the app learns of the worker’s presses', () => {
  it('takes each settled press into its ledger once, as the request the worker sent', async () => {
    const backend = memoryPresses();
    await claimPress(backend, press(), 1000);
    const adopted: AnswerIntent[] = [];
    expect(await takePresses(backend, 2000, (i) => adopted.push(i))).toBeNull();
    expect(adopted).toEqual([
      {
        requestId: 'r-1',
        key: JSON.stringify(['desk', 'a1']),
        request: { askId: 'a1', body: { agent: 'desk', paneId: 'p', requestId: 'r-1', hash: HASH, answer: { optionIds: ['y'] }, secondTap: false, via: 'notification' } },
        tries: 1,
        state: 'done',
        reply: { outcome: 'stale' },
        at: 1000,
      },
    ]);
    await takePresses(backend, 3000, (i) => adopted.push(i));
    expect(adopted).toHaveLength(1);
    expect((await readPresses(backend, 3000))[0]?.adopted).toBe(true);
  });

  it('leaves a press the worker may still be sending for later, and takes one cut short as unknown', async () => {
    const backend = memoryPresses();
    await claimPress(backend, press({ state: 'sending', outcome: undefined }), 1000);
    const adopted: AnswerIntent[] = [];
    const again = await takePresses(backend, 2000, (i) => adopted.push(i));
    expect(adopted).toEqual([]);
    expect(again).toBeGreaterThan(PRESS_DEADLINE_MS - 1000);
    await takePresses(backend, 1000 + (again ?? 0) + 2000 + 1, (i) => adopted.push(i));
    expect(adopted.map((i) => [i.state, i.reply])).toEqual([['unknown', { outcome: 'unknown' }]]);
    // Settled by the worker in time instead: taken as it settled.
    const fresh = memoryPresses();
    await claimPress(fresh, press({ state: 'sending' }), 1000);
    await settlePress(fresh, press({ state: 'done', outcome: 'taken' }));
    const taken: AnswerIntent[] = [];
    await takePresses(fresh, 2000, (i) => taken.push(i));
    expect(taken.map((i) => i.reply)).toEqual([{ outcome: 'taken' }]);
  });

  it('a refused press keeps the bridge’s code for the card', () => {
    expect(intentOfPress(press({ state: 'failed', error: 'watch-only', outcome: undefined }))).toMatchObject({ state: 'failed', error: 'watch-only' });
  });

  it('the card then shows it, and an unknown one offers the one Try again under the worker’s request id', async () => {
    const sent: AskRequest[] = [];
    const client = {
      answer: async (_askId: string, request: AskRequest): Promise<AskReply> => (sent.push(request), { outcome: 'taken' }),
    } as unknown as BridgeClient;
    const intents = createIntentsStore(client, createStorage(memory), () => 2000);
    intents.adopt(intentOfPress(press({ outcome: 'stale' })));
    expect(intents.statusOf('desk', 'a1')).toEqual({ phase: 'done', outcome: 'stale' });
    expect(intents.canRetry('desk', 'a1')).toBe(false);

    intents.adopt(intentOfPress(press({ requestId: 'r-2', askId: 'a2', state: 'unknown', outcome: 'unknown' })));
    expect(intents.statusOf('desk', 'a2')).toEqual({ phase: 'done', outcome: 'unknown' });
    expect(intents.canRetry('desk', 'a2')).toBe(true);
    await intents.retry('desk', 'a2');
    expect(sent).toEqual([{ agent: 'desk', paneId: 'p', requestId: 'r-2', hash: HASH, answer: { optionIds: ['y'] }, secondTap: false, via: 'notification' }]);
    expect(intents.canRetry('desk', 'a2')).toBe(false);
    // Taken in again (the worker's word comes twice): the ledger's own, moved on, stays.
    intents.adopt(intentOfPress(press({ requestId: 'r-2', askId: 'a2', state: 'unknown', outcome: 'unknown' })));
    expect(intents.statusOf('desk', 'a2')).toEqual({ phase: 'done', outcome: 'taken' });
  });
});
