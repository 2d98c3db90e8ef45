import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { checkPortFree } from './port-check';

let holder: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (holder ? holder.close(resolve) : resolve(undefined)));
  holder = undefined;
});

describe('checkPortFree', () => {
  it('passes a free port and lets it go again, and refuses a taken one with one clear sentence', async () => {
    holder = createServer();
    await new Promise<void>((resolve) => holder!.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as AddressInfo;
    await expect(checkPortFree(port, '127.0.0.1')).rejects.toThrow(`port ${port} on 127.0.0.1 is in use (is collie start already running?): stop that, or give another --port`);
    await new Promise((resolve) => holder!.close(resolve));
    holder = undefined;
    await checkPortFree(port, '127.0.0.1');
    await checkPortFree(port, '127.0.0.1'); // the check itself let the port go
    await checkPortFree(0, '127.0.0.1');
  });
});
