import { describe, expect, it } from 'vitest';
import { etagOf, rendered, waitForChange } from './long-poll';

function source() {
  const listeners = new Set<() => void>();
  return {
    onChange: (l: () => void) => (listeners.add(l), () => listeners.delete(l)),
    fire: () => listeners.forEach((l) => l()),
    count: () => listeners.size,
  };
}

describe('waitForChange', () => {
  it('answers when the view changes, not when something else does', async () => {
    const s = source();
    let view = 'a';
    const waiting = waitForChange([s], () => rendered(view), etagOf('a'), new AbortController().signal, 5000);
    s.fire(); // a change elsewhere: the view is still 'a'
    view = 'b';
    s.fire();
    expect(await waiting).toBe('b');
    expect(s.count()).toBe(0);
  });

  it('answers at once when the view changed before the wait began', async () => {
    expect(await waitForChange([source()], () => rendered('new'), etagOf('old'), new AbortController().signal)).toBe('new');
  });

  it('gives up after its hold, or when the phone goes away', async () => {
    const s = source();
    expect(await waitForChange([s], () => rendered('a'), etagOf('a'), new AbortController().signal, 10)).toBeNull();
    const gone = new AbortController();
    const waiting = waitForChange([s], () => rendered('a'), etagOf('a'), gone.signal, 5000);
    gone.abort();
    expect(await waiting).toBeNull();
    expect(s.count()).toBe(0);
  });
});
