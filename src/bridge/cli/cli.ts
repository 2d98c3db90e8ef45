import { UsageError } from '../check/check-cli';
import { restartBridge, restartLine } from './running-bridge';
import { runDoctor } from './doctor';
import { durableVerbs } from './durable-verbs';
import { loadBridgeEnv } from './env-file';
import { devicesCommand } from './devices-command';
import { logsCommand } from './logs-command';
import { pairCommand } from './pair-command';
import { piCommand } from './pi-command';
import { bridgePaths } from '../config/paths';
import { startCommand } from './start-command';
import { fullHelp, isVerb, packageVersion, SHORT_USAGE, shownWord, usageError, verbHelp, type VerbName } from './usage';

const HELP_FLAGS = new Set(['--help', '-h']);
const VERSION_FLAGS = new Set(['--version', '-V']);

const log = (line: string) => console.log(line);
const io = {
  out: (text: string) => process.stdout.write(text),
  err: (text: string) => process.stderr.write(text),
  env: process.env,
};

/** The environment the verbs see: the process's own, over the config folder's `.env`. */
const bridgeEnv = () => loadBridgeEnv(bridgePaths().configDir, process.env, log);

export async function main(argv: string[]): Promise<number> {
  const [first, ...more] = argv;
  if (first !== undefined && VERSION_FLAGS.has(first)) {
    io.out(`collie ${await packageVersion()}\n`);
    return 0;
  }
  if (first === 'help' || (first !== undefined && HELP_FLAGS.has(first))) return help(more[0]);
  // `collie` alone, or with start's options first, is `collie start` (the default command).
  const [verb, rest] = first === undefined || first.startsWith('-') ? ['start', argv] : [first, more];
  if (!isVerb(verb)) {
    io.err(`unknown command: ${shownWord(verb)}\n${SHORT_USAGE}`);
    return 2;
  }
  if (verb !== 'durable' && rest.some((arg) => HELP_FLAGS.has(arg))) return help(verb);
  try {
    return await run(verb, rest);
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(usageError(verb, err.message));
      return 2;
    }
    console.error(`collie ${verb}: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

async function run(verb: VerbName, rest: string[]): Promise<number> {
  switch (verb) {
    case 'start':
      return startCommand(rest);
    case 'durable':
      return durableVerbs(rest, { ...io, env: await bridgeEnv() });
    case 'pi':
      return piCommand(rest, { ...io, env: await bridgeEnv() });
    case 'logs':
      return logsCommand(rest, io, bridgePaths().stateDir);
    case 'pair':
      return pairCommand(rest, io, bridgePaths().stateDir, process.stdout.isTTY === true);
    case 'devices':
      return devicesCommand(rest, io, bridgePaths().stateDir);
    case 'help':
      return help(rest[0]);
    case 'restart': {
      if (rest.length > 0) throw new UsageError('takes no arguments');
      const result = await restartBridge(bridgePaths().stateDir);
      io.out(`${restartLine(result)}\n`);
      return result.restarted ? 0 : 1;
    }
    case 'doctor': {
      if (rest.length > 0) throw new UsageError('takes no arguments');
      const { configDir, stateDir } = bridgePaths();
      const { failed } = await runDoctor({ configDir, stateDir, env: await bridgeEnv(), onLine: (line) => io.out(`${line}\n`) });
      return failed ? 1 : 0;
    }
  }
}

/** `collie help [verb]`: the whole help, or one verb's usage (durable has its own, longer help). */
async function help(verb: string | undefined): Promise<number> {
  if (verb === undefined) {
    io.out(fullHelp());
    return 0;
  }
  if (!isVerb(verb)) {
    io.err(`unknown command: ${shownWord(verb)}\n${SHORT_USAGE}`);
    return 2;
  }
  if (verb === 'durable') return durableVerbs(['help'], { ...io, env: process.env });
  io.out(verbHelp(verb));
  return 0;
}

const code = await main(process.argv.slice(2));
if (code >= 0) process.exit(code);
