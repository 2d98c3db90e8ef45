import { describe, expect, it } from 'vitest';
import { FatalConfigError } from '../config/config';
import { fatalLine, notRestartedLine, restartFailedLine, saysNotRestarted } from './bridge-lines';

describe('the lines collie restart reads back from bridge.log', () => {
  it('are written and recognised in one place', () => {
    const bad = new FatalConfigError('sources.json entry 1 ("desk"): field "kind" must be "durable"');
    expect(fatalLine(bad)).toBe('[bridge] FATAL: sources.json entry 1 ("desk"): field "kind" must be "durable"');
    expect(fatalLine(new Error('listen EACCES'))).toBe('[bridge] FATAL: listen EACCES');
    expect(notRestartedLine(bad, 2)).toBe('[bridge] not restarted: sources.json entry 1 ("desk"): field "kind" must be "durable"; still serving 2 durable agent(s)');
    expect(restartFailedLine(new Error('listen EADDRINUSE'))).toBe('[bridge] FATAL: the restart failed: listen EADDRINUSE');
    for (const line of [notRestartedLine(bad, 1), restartFailedLine(new Error('x')), fatalLine(bad)]) expect(saysNotRestarted(line)).toBe(true);
    expect(saysNotRestarted('[bridge] restarted: 1 durable agent(s): desk')).toBe(false);
  });
});
