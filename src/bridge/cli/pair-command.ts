import { INVITATION_LIFETIME_WORDS } from '../../wire/pairing-link';
import { UsageError, type CliIo } from '../conformance/usage-error';
import { CONTROL_PATHS } from '../control/control-paths';
import { controlWrite } from './control-client';
import { parseOptions } from './parse-options';
import { askBridge } from './running-bridge';
import { terminalQr } from './terminal-qr';

/**
 * `collie pair [--name NAME] [--watch]`: a new one-time invitation from the running bridge, as a
 * QR code (on a terminal) and a link. The link's secret is in its fragment and is printed here
 * only: never to a log.
 */
export async function pairCommand(args: string[], io: CliIo, stateDir: string, isTty: boolean): Promise<number> {
  const { values, positionals } = parseOptions(args, { name: { type: 'string' }, watch: { type: 'boolean' } });
  if (positionals.length > 0) throw new UsageError('takes no arguments');
  if (values.name !== undefined && values.name.trim() === '') throw new UsageError('--name takes a name');
  const found = await askBridge(stateDir);
  if (!found.running) {
    io.err('collie pair: the bridge is not running: start it with collie start, then pair\n');
    return 1;
  }
  const reply = await controlWrite(stateDir, CONTROL_PATHS.pair, { name: values.name, role: values.watch ? 'watch' : 'control' });
  if (!reply.ok) {
    io.err(`collie pair: ${reply.message}\n`);
    return 1;
  }
  const link = typeof reply.json.link === 'string' ? reply.json.link : null;
  if (!link) {
    io.err('collie pair: the bridge did not make an invitation\n');
    return 1;
  }
  if (isTty) io.out(`${terminalQr(link)}\n`);
  io.out(`${link}\n`);
  io.out(`Open it on the phone${values.watch ? ' (it will only watch: no answers, no sends)' : ''}. It works once, for ${INVITATION_LIFETIME_WORDS}.\n`);
  return 0;
}
