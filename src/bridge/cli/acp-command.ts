import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UsageError, type CliIo } from '../conformance/usage-error';
import { INSTALL } from '../config/install-paths';
import { checkName } from '../config/source-rules';
import { ACP_PRESETS, isPreset } from './acp-presets';
import { agentCache, ensureAgent } from './agent-install';
import { parseOptions } from './parse-options';
import { startAndAttach, stopHosted, type HostedKind } from './hosted-agent';

export const ACP_HOSTED: HostedKind = { kind: 'acp', words: 'the ACP agent', bin: INSTALL.acpBin, main: INSTALL.acpMain };

/**
 * `collie acp [--name NAME] [--cwd DIR] <preset> [-- more args…]` or `… -- <command> [args…]`:
 * any Agent Client Protocol agent as a durable agent in DIR, its host started as a process of its
 * own, attached, and the running bridge restarted (hosted-agent.ts). A preset's npm package is
 * installed once into Collie's agent cache first; what follows `--` is added to its arguments.
 * `collie acp stop [NAME | --name NAME]` stops it.
 */
export async function acpCommand(args: string[], io: CliIo): Promise<number> {
  const dash = args.indexOf('--');
  const own = dash === -1 ? args : args.slice(0, dash);
  const given = dash === -1 ? [] : args.slice(dash + 1);
  const { values, positionals } = parseOptions(own, { cwd: { type: 'string' }, name: { type: 'string' } });
  const [word, ...extra] = positionals;
  if (word === 'stop') {
    if (dash !== -1 || values.cwd !== undefined || extra.length > 1 || (extra.length === 1 && values.name !== undefined))
      throw new UsageError('stop takes only the name (or --name)');
    return stopHosted(ACP_HOSTED, checked(extra[0] ?? values.name ?? 'acp'), io);
  }
  if (extra.length > 0) throw new UsageError('takes one preset, or -- and the command');
  if (word === undefined && dash === -1) throw new UsageError('give a preset, or -- and the command');
  if (word !== undefined && !isPreset(word))
    throw new UsageError(`no preset is called ${/^[\w-]{1,20}$/.test(word) ? word : '(not shown)'}: ${Object.keys(ACP_PRESETS).join(', ')}`);
  if (dash !== -1 && given.length === 0) throw new UsageError(word === undefined ? '-- needs the command that speaks ACP on stdio' : '-- needs the arguments to add to the preset');
  const name = checked(values.name ?? word ?? 'acp');
  const cwd = resolve(values.cwd ?? process.cwd());
  if (!(await stat(cwd).catch(() => null))?.isDirectory()) throw new UsageError(`--cwd: ${cwd} is not a folder`);
  let command: string[] = given;
  let login: string[] = [];
  if (word !== undefined) {
    const preset = ACP_PRESETS[word];
    const program = 'npm' in preset ? await ensureAgent(preset.npm, agentCache(io.env), (line) => io.out(`${line}\n`)) : preset.command;
    command = [program, ...preset.args, ...given];
    login = ['--login', preset.login];
  }
  return startAndAttach(ACP_HOSTED, name, ['--cwd', cwd, ...login, '--', ...command], io);
}

function checked(name: string): string {
  const problem = checkName(name);
  if (problem) throw new UsageError(`--name: ${problem}`);
  return name;
}
