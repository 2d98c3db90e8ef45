import { UsageError } from '../conformance/usage-error';
import { bridgePaths } from '../config/paths';
import { readCommandLine, type RunVerb } from './read-command-line';
import { usageError } from './usage';

const log = (line: string) => console.log(line);
const io = {
  out: (text: string) => process.stdout.write(text),
  err: (text: string) => process.stderr.write(text),
  env: process.env,
};

/** The environment the verbs see: the process's own, over the config folder's `.env`. */
const bridgeEnv = async () => (await import('./env-file')).loadBridgeEnv(bridgePaths().configDir, process.env, log);

export async function main(argv: string[]): Promise<number> {
  const line = readCommandLine(argv, io);
  if ('exitCode' in line) return line.exitCode;
  const { verb, rest } = line;
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

/**
 * Each verb's module is loaded when that verb runs: `collie help` or `collie durable list` need not
 * load the bridge, its phone server and its push library to start.
 */
async function run(verb: RunVerb, rest: string[]): Promise<number> {
  switch (verb) {
    case 'start':
      return (await import('./start-command')).startCommand(rest);
    case 'durable':
      return (await import('./durable-verbs')).durableVerbs(rest, { ...io, env: await bridgeEnv() });
    case 'pi':
      return (await import('./pi-command')).piCommand(rest, { ...io, env: await bridgeEnv() });
    case 'acp':
      return (await import('./acp-command')).acpCommand(rest, { ...io, env: await bridgeEnv() });
    case 'logs':
      return (await import('./logs-command')).logsCommand(rest, io, bridgePaths().stateDir);
    case 'pair':
      return (await import('./pair-command')).pairCommand(rest, io, bridgePaths().stateDir, process.stdout.isTTY === true);
    case 'devices':
      return (await import('./devices-command')).devicesCommand(rest, io, bridgePaths().stateDir);
    case 'crew':
      return (await import('./crew-command')).crewCommand(rest, { ...io, env: await bridgeEnv() }, bridgePaths().stateDir, readStdinLine);
    case 'restart': {
      if (rest.length > 0) throw new UsageError('takes no arguments');
      const { restartBridge, restartLine } = await import('./running-bridge');
      const result = await restartBridge(bridgePaths().stateDir);
      io.out(`${restartLine(result)}\n`);
      return result.restarted ? 0 : 1;
    }
    case 'doctor': {
      if (rest.length > 0) throw new UsageError('takes no arguments');
      const { configDir, stateDir } = bridgePaths();
      const { runDoctor } = await import('./doctor');
      const { failed } = await runDoctor({ configDir, stateDir, env: await bridgeEnv(), onLine: (line) => io.out(`${line}\n`) });
      return failed ? 1 : 0;
    }
  }
}

/** The first line of standard input (a join code): asked for on a terminal, read to its end from a pipe. */
async function readStdinLine(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('join code: ');
  let text = '';
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    text += chunk.toString('utf8');
    if (text.includes('\n') || text.length > 1024) break;
  }
  process.stdin.destroy();
  return text.split('\n')[0] ?? '';
}

const code = await main(process.argv.slice(2));
if (code >= 0) process.exit(code);
