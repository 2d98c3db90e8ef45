import { describe, expect, it } from 'vitest';
import { ptraceRisk, ptraceScope } from './ptrace-scope';

describe("Yama's ptrace scope", () => {
  it('guards descriptors at 1 and above; 0, junk and no Yama do not', () => {
    expect(ptraceScope('1\n')).toEqual({ guarded: true, scope: 1 });
    expect(ptraceScope('3')).toEqual({ guarded: true, scope: 3 });
    expect(ptraceScope('0\n')).toEqual({ guarded: false, scope: 0 });
    expect(ptraceScope(null)).toEqual({ guarded: false, scope: null });
    expect(ptraceScope('x')).toEqual({ guarded: false, scope: null });
  });

  it('says which it is', () => {
    expect(ptraceRisk(ptraceScope('0'))).toMatch(/^Yama's ptrace scope is 0, so any process of your user/);
    expect(ptraceRisk(ptraceScope(null))).toMatch(/^this kernel has no Yama ptrace scope/);
  });
});
