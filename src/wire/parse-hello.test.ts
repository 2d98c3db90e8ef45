import { describe, expect, it } from 'vitest';
import { parseHello, pickVersion } from './parse-hello';

const hello = {
  service: 'collie-durable',
  protocol: { min: 1, max: 1 },
  host: { name: 'desk' },
  epoch: 'dU4UTIK0IoJIbCBHmHs8IOAeTpnaFXlr',
  ready: true,
  caps: { asks: true, send: 'yes' },
};

describe('parseHello', () => {
  it('reads a hello; a cap that is not true is false', () => {
    const parsed = parseHello(hello);
    expect(parsed.ok && parsed.hello.caps).toMatchObject({ asks: true, send: false, steer: false });
  });

  it('tells another server apart from a malformed hello', () => {
    expect(parseHello({ ...hello, service: 'nginx' })).toEqual({ ok: false, error: 'wrong-service' });
    expect(parseHello({ ...hello, epoch: 'short' })).toEqual({ ok: false, error: 'malformed' });
    expect(parseHello({ ...hello, protocol: { min: 2, max: 1 } })).toEqual({ ok: false, error: 'malformed' });
    expect(parseHello('hello')).toEqual({ ok: false, error: 'malformed' });
  });

  it('cleans and cuts the host name to 64 bytes', () => {
    const parsed = parseHello({ ...hello, host: { name: `\u202e${'d'.repeat(100)}` } });
    expect(parsed.ok && new TextEncoder().encode(parsed.hello.host.name).length).toBeLessThanOrEqual(64);
  });
});

describe('pickVersion', () => {
  it('picks the highest version both speak, or null', () => {
    expect(pickVersion({ min: 1, max: 1 }, { min: 1, max: 3 })).toBe(1);
    expect(pickVersion({ min: 1, max: 2 }, { min: 2, max: 3 })).toBe(2);
    expect(pickVersion({ min: 1, max: 1 }, { min: 2, max: 3 })).toBeNull();
  });
});
