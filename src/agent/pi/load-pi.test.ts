import { describe, expect, it } from 'vitest';
import { loadPi, PI_PACKAGE, PiMissing, type PiModule } from './load-pi';

describe('loading Pi', () => {
  it('says how to install Pi when it is not there', async () => {
    const missing = Object.assign(new Error(`Cannot find package '${PI_PACKAGE}' imported from /x`), { code: 'ERR_MODULE_NOT_FOUND' });
    const failed = await loadPi(() => Promise.reject(missing)).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(PiMissing);
    expect((failed as Error).message).toBe(`Pi is not installed: run npm install ${PI_PACKAGE}@0.73.1 (in this project or globally), then start again`);
  });

  it('passes on any other failure as it is, and loads the real package', async () => {
    const other = Object.assign(new Error("Cannot find package 'left-pad'"), { code: 'ERR_MODULE_NOT_FOUND' });
    expect(await loadPi(() => Promise.reject(other)).catch((err: unknown) => err)).toBe(other);
    const pi: PiModule = await loadPi();
    expect(typeof pi.createAgentSession).toBe('function');
  });
});
