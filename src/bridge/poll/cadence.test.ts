import { describe, expect, it } from 'vitest';
import { pollDelay } from './cadence';

describe('pollDelay', () => {
  it('asks a socket agent every 1 s while a phone looks, else every 3 s', () => {
    expect(pollDelay('socket', true, 'ok')).toBe(1000);
    expect(pollDelay('socket', false, 'ok')).toBe(3000);
  });

  it('asks a socket agent that is down at the same cadence, once per poll', () => {
    expect(pollDelay('socket', false, 'unreachable')).toBe(3000);
    expect(pollDelay('socket', true, 'unreachable')).toBe(1000);
  });

  it('asks a TLS agent every 2 s while a phone looks, else every 10 s', () => {
    expect(pollDelay('url', true, 'ok')).toBe(2000);
    expect(pollDelay('url', false, 'starting')).toBe(10000);
  });

  it('asks a TLS agent that is down or refuses the token at most every 10 s', () => {
    expect(pollDelay('url', true, 'unreachable')).toBe(10000);
    expect(pollDelay('url', true, 'token-refused')).toBe(10000);
  });
});
