import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UsageError, type CliIo } from '../conformance/usage-error';
import { INSTALL } from '../config/install-paths';
import { checkName } from '../config/source-rules';
import { parseOptions } from './parse-options';
import { startAndAttach, stopHosted, type HostedKind } from './hosted-agent';

export const PI_HOSTED: HostedKind = { kind: 'pi', words: 'the Pi agent', bin: INSTALL.piBin, main: INSTALL.piMain };

/**
 * `collie pi [--cwd DIR] [--name NAME]`: starts Pi as a durable agent in DIR, as a process of its
 * own, attaches it to the bridge and restarts the running bridge (hosted-agent.ts). `collie pi
 * stop [--name NAME]` stops it.
 */
export async function piCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseOptions(args, { cwd: { type: 'string' }, name: { type: 'string' } });
  const name = values.name ?? 'pi';
  const nameProblem = checkName(name);
  if (nameProblem) throw new UsageError(`--name: ${nameProblem}`);
  if (positionals.length > 1 || (positionals[0] !== undefined && positionals[0] !== 'stop')) throw new UsageError('takes only stop, --cwd and --name');
  if (positionals[0] === 'stop') return stopHosted(PI_HOSTED, name, io);
  const cwd = resolve(values.cwd ?? process.cwd());
  if (!(await stat(cwd).catch(() => null))?.isDirectory()) throw new UsageError(`--cwd: ${cwd} is not a folder`);
  return startAndAttach(PI_HOSTED, name, ['--cwd', cwd], io);
}
