/**
 * `node src/agent/pi/bin.mjs --cwd DIR --socket PATH --data DIR [--name NAME]`: Pi as a durable
 * agent, as its own process (what `collie pi` starts). It prints `listening <socket>` once the
 * socket answers; SIGTERM or Ctrl-C close it (open cards come back at the next start).
 */
import { parseArgs } from 'node:util';
import { PiMissing } from './load-pi';
import { openPiAgent } from './pi-agent';
import { serveHosted } from '../serve-hosted';

const { values } = parseArgs({
  options: { cwd: { type: 'string' }, socket: { type: 'string' }, data: { type: 'string' }, name: { type: 'string' } },
  strict: true,
});
if (!values.cwd || !values.socket || !values.data) {
  console.error('usage: bin.mjs --cwd DIR --socket PATH --data DIR [--name NAME]');
  process.exit(2);
}

await serveHosted(
  () => openPiAgent({ cwd: values.cwd!, socket: values.socket!, dataDir: values.data!, hostName: values.name ?? 'pi' }),
  (err) => (err instanceof PiMissing ? 2 : 1),
);
