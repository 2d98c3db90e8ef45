import { describe, expect, it } from 'vitest';
import { CallerCheckUnavailable, NODE_LINE, OFF_LINE, planCallerCheck, runtimeName } from './caller-check';

const bun = (platform: NodeJS.Platform) => ({ bun: '1.4.4', node: '26.3.0', platform });
const node = { bun: undefined, node: '20.20.2', platform: 'linux' as const };

describe('the caller check, by runtime', () => {
  it('is on under Bun on Linux unless turned off, with one line when off', () => {
    expect(planCallerCheck(undefined, bun('linux'))).toEqual({ check: 'on' });
    expect(planCallerCheck('on', bun('linux'))).toEqual({ check: 'on' });
    expect(planCallerCheck('off', bun('linux'))).toEqual({ check: 'off', line: OFF_LINE });
  });

  it('refuses to start under Bun elsewhere unless turned off', () => {
    expect(() => planCallerCheck(undefined, bun('darwin'))).toThrow(CallerCheckUnavailable);
    expect(() => planCallerCheck('on', bun('darwin'))).toThrow('the caller check needs Linux (this is Bun on darwin): pass callerCheck: "off" to start without it');
    expect(planCallerCheck('off', bun('darwin'))).toEqual({ check: 'off', line: OFF_LINE });
  });

  it('cannot be on under Node, which says so in its one line whatever was asked', () => {
    for (const asked of [undefined, 'on', 'off'] as const) expect(planCallerCheck(asked, node)).toEqual({ check: 'off', line: NODE_LINE });
  });

  it('names the runtime as itself: bun, not the Node version Bun emulates', () => {
    expect(runtimeName(bun('linux'))).toBe('bun 1.4.4');
    expect(runtimeName(node)).toBe('node 20.20.2');
  });
});
