import { restartBridge, restartLine } from './running-bridge';
import { FatalConfigError } from '../config/config';
import { runDoctor } from './doctor';
import { durableVerbs } from './durable-verbs';
import { loadBridgeEnv } from './env-file';
import { bridgePaths } from '../config/paths';
import { startCommand } from './start-command';

const HELP = `collie — supervise durable agents from your phone

  collie start [--port N] [--host H] [--demo]   run the bridge and serve the phone (default)
  collie restart                                the running bridge re-reads sources.json
  collie doctor                                 one line per check: ok, or FAIL and how to fix it
  collie durable attach <name> --socket <path> [--restart]
  collie durable attach <name> --url <url> --token-env <VAR> [--restart]
  collie durable detach <name> [--restart]
  collie durable list                           each durable agent and its state
  collie durable check <socket-path | url> [--token-env VAR] [--writes] [--wait-ready-ms N]
                                                check a live durable agent against WIRE.md
`;

const log = (line: string) => console.log(line);
const io = {
  out: (text: string) => process.stdout.write(text),
  err: (text: string) => process.stderr.write(text),
  env: process.env,
};

/** The environment the verbs see: the process's own, over the config folder's `.env`. */
const bridgeEnv = () => loadBridgeEnv(bridgePaths().configDir, process.env, log);

export async function main(argv: string[]): Promise<number> {
  const [verb = 'start', ...rest] = argv;
  try {
    if (verb === 'start') {
      await startCommand(rest, log);
      return -1; // keeps running
    }
    if (verb === 'durable') return await durableVerbs(rest, { ...io, env: await bridgeEnv() });
    if ((verb === 'restart' || verb === 'doctor') && rest.length > 0) {
      io.err(`collie ${verb} takes no arguments\n\n${HELP}`);
      return 2;
    }
    if (verb === 'restart') {
      const result = await restartBridge(bridgePaths().stateDir);
      io.out(`${restartLine(result)}\n`);
      return result.restarted ? 0 : 1;
    }
    if (verb === 'doctor') {
      const { configDir, stateDir } = bridgePaths();
      const { failed } = await runDoctor({ configDir, stateDir, env: await bridgeEnv(), onLine: (line) => io.out(`${line}\n`) });
      return failed ? 1 : 0;
    }
    if (verb === 'help' || verb === '--help' || verb === '-h') {
      io.out(HELP);
      return 0;
    }
    io.err(HELP);
    return 2;
  } catch (err) {
    if (err instanceof FatalConfigError) {
      console.error(err.line);
      return 1;
    }
    const prefix = verb === 'start' ? '[bridge] FATAL:' : `collie ${verb}:`;
    console.error(`${prefix} ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

const code = await main(process.argv.slice(2));
if (code >= 0) process.exit(code);
