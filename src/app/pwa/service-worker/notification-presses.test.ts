import { describe, expect, it } from 'vitest';
import { claimPress, markAdopted, PRESS_MEMORY_MS, pressKey, readPresses, settlePress, type Press } from './notification-presses';
import { memoryPresses } from './testing/memory-presses';

const press = (over: Partial<Press> = {}): Press => ({
  requestId: 'r-1',
  agent: 'desk',
  paneId: 'p',
  askId: 'a1',
  hash: '0123456789abcdef0123456789abcdef',
  optionId: 'y',
  label: 'Yes',
  state: 'sending',
  at: 1000,
  ...over,
});

describe('the worker’s press ledger', () => {
  it('keeps one press per question: a second press finds the first and is not kept', async () => {
    const backend = memoryPresses();
    expect(await claimPress(backend, press(), 1000)).toEqual({ claimed: true });
    expect(await claimPress(backend, press({ requestId: 'r-2', optionId: 'n' }), 1001)).toEqual({ claimed: false, press: press() });
    expect([...backend.map.keys()]).toEqual([pressKey('desk', 'a1')]);
  });

  it('two presses at once keep one (the check and the write are one step)', async () => {
    const backend = memoryPresses();
    const [a, b] = await Promise.all([claimPress(backend, press(), 1000), claimPress(backend, press({ requestId: 'r-2' }), 1000)]);
    expect([a.claimed, b.claimed]).toEqual([true, false]);
  });

  it('another agent’s question of the same id is another press', async () => {
    const backend = memoryPresses();
    await claimPress(backend, press(), 1000);
    expect((await claimPress(backend, press({ agent: 'other', requestId: 'r-3' }), 1000)).claimed).toBe(true);
  });

  it('settles a press under its own request id only, and keeps what it came to', async () => {
    const backend = memoryPresses();
    await claimPress(backend, press(), 1000);
    await settlePress(backend, press({ requestId: 'someone-else', state: 'done', outcome: 'taken' }));
    expect(await readPresses(backend, 1000)).toEqual([press()]);
    await settlePress(backend, press({ state: 'unknown', outcome: 'unknown' }));
    expect(await readPresses(backend, 1000)).toEqual([press({ state: 'unknown', outcome: 'unknown' })]);
    // An unknown press stays claimed: the worker never sends it again by itself.
    expect((await claimPress(backend, press({ requestId: 'r-2' }), 2000)).claimed).toBe(false);
  });

  it('forgets a press after a day, as the app forgets its intents; what does not read back is dropped', async () => {
    const backend = memoryPresses();
    await claimPress(backend, press(), 1000);
    backend.map.set('junk', { requestId: 'x' });
    expect(await readPresses(backend, 1000 + PRESS_MEMORY_MS + 1)).toEqual([]);
    expect(backend.map.size).toBe(0);
    await claimPress(backend, press(), 1000);
    expect((await claimPress(backend, press({ requestId: 'r-2', at: 1000 + PRESS_MEMORY_MS + 1 }), 1000 + PRESS_MEMORY_MS + 1)).claimed).toBe(true);
  });

  it('marks presses the app took in', async () => {
    const backend = memoryPresses();
    await claimPress(backend, press(), 1000);
    await markAdopted(backend, [press()]);
    expect(await readPresses(backend, 1000)).toEqual([press({ adopted: true })]);
  });
});
