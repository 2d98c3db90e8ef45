import { isRecord } from '../../wire/read';
import { askBridge, restartBridge, restartLine } from './running-bridge';
import { durableMain } from '../conformance/check-cli';
import { UsageError, type CliIo } from '../conformance/usage-error';
import { environmentAgent, FatalConfigError, parseSourcesText } from '../config/config';
import { parseAttachArgs, parseDetachArgs, parseListArgs } from './durable-args';
import { describeAddress, describeState, environmentEntry, listLines } from './durable-list';
import { bridgePaths } from '../config/paths';
import { DURABLE_USAGE, DURABLE_VERBS_HELP, shownWord, usageLines } from './usage';
import { attachSource, detachSource, NotAttached, readSourcesFile, SourcesFileRefused, withEntry, withoutEntry } from '../config/sources-file';
import { tryConnect } from '../link/try-connect';

/** `collie durable <verb>`: attach, detach and list here; check as check-cli has it (its help is answer-in-words.ts's). */
export async function durableVerbs(args: string[], io: CliIo): Promise<number> {
  const [verb, ...rest] = args;
  const run = verb === 'attach' ? attach : verb === 'detach' ? detach : verb === 'list' ? list : undefined;
  if (verb === 'check') return durableMain(args, io);
  if (!run) {
    // With no verb the help is what was asked for; after a mistyped one, a few lines.
    io.err(verb === undefined ? DURABLE_VERBS_HELP : `unknown command: durable ${shownWord(verb)}\n${usageLines(Object.values(DURABLE_USAGE).flat())}`);
    return 2;
  }
  try {
    return await run(rest, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`collie durable ${verb}: ${err.message}\n${usageLines(DURABLE_USAGE[verb as keyof typeof DURABLE_USAGE])}`);
      return 2;
    }
    if (err instanceof SourcesFileRefused || err instanceof NotAttached) {
      const untouched = err instanceof SourcesFileRefused && verb !== 'list' ? '; fix it by hand first (nothing was changed)' : '';
      io.err(`collie durable ${verb}: ${err.message}${untouched}\n`);
      return 1;
    }
    throw err;
  }
}

async function attach(args: string[], io: CliIo): Promise<number> {
  const { entry, restart } = parseAttachArgs(args, io.env);
  if (entry.name === 'default' && environmentAgent(io.env)) {
    io.err('collie durable attach: the name default is held by the environment agent (COLLIE_MUX=durable); choose another name\n');
    return 1;
  }
  const { configDir } = bridgePaths(io.env);
  await refuseBadEntries(configDir, (entries) => withEntry(entries, entry).entries);
  const { path, updated } = await attachSource(configDir, entry);
  io.out(`${updated ? 'updated' : 'attached'} ${entry.name}\nwrote ${path}\n`);
  // The entry stands either way: the agent may well start after it is attached.
  if ('socket' in entry && (await tryConnect(entry.socket)) !== null) io.out(`note: nothing answers at ${entry.socket} yet\n`);
  return afterChange(restart, io);
}

async function detach(args: string[], io: CliIo): Promise<number> {
  const { name, restart } = parseDetachArgs(args);
  const { configDir } = bridgePaths(io.env);
  await refuseBadEntries(configDir, (entries) => withoutEntry(entries, name).entries);
  const { path } = await detachSource(configDir, name);
  io.out(`detached ${name}\nwrote ${path}\n`);
  return afterChange(restart, io);
}

/**
 * attach and detach write only a file the bridge would start with (its own strict reading,
 * config.ts): rewriting one that holds an entry it refuses would keep that entry and look like
 * success. The bad entry itself may be replaced or removed by its name.
 */
async function refuseBadEntries(configDir: string, change: (entries: unknown[]) => unknown[]): Promise<void> {
  const file = await readSourcesFile(configDir);
  const problem = (entries: unknown[]) => {
    try {
      parseSourcesText(JSON.stringify(entries), file.path);
      return null;
    } catch (err) {
      if (err instanceof FatalConfigError) return err.message;
      throw err;
    }
  };
  if (problem(change(file.entries)) === null) return;
  // Named as the file holds it now, so the entry number is the one to look for.
  throw new SourcesFileRefused(`${file.path} holds an entry the bridge would refuse: ${problem(file.entries)}`);
}

/** The file change stands whatever happens here, so the exit is 0 even with no bridge running. */
async function afterChange(restart: boolean, io: CliIo): Promise<number> {
  if (!restart) {
    io.out('the bridge reads sources.json when it starts: run collie restart\n');
    return 0;
  }
  io.out(`${restartLine(await restartBridge(bridgePaths(io.env).stateDir))}\n`);
  return 0;
}

/** How `list` shows an agent the bridge started itself rather than read from sources.json. */
const DEMO_SHOWN = '(started by the bridge: collie start --demo)';

async function list(args: string[], io: CliIo): Promise<number> {
  parseListArgs(args);
  if (io.env.COLLIE_PROGRAMS === 'off') {
    io.out('durable agents are off (COLLIE_PROGRAMS=off): the bridge ignores sources.json\n');
    return 0;
  }
  const paths = bridgePaths(io.env);
  const file = await readSourcesFile(paths.configDir);
  const envAgent = environmentAgent(io.env);
  const rows = file.entries.map((entry, index) => ({
    name: isRecord(entry) && typeof entry.name === 'string' ? entry.name : `entry ${index + 1}`,
    shown: describeAddress(entry),
  }));
  if (envAgent) rows.unshift(environmentEntry(envAgent));
  const bridge = await askBridge(paths.stateDir);
  const states = new Map(bridge.running ? bridge.status.agents.map((a) => [a.name, a]) : []);
  // What the bridge runs of its own (the demo of collie start --demo) is listed too: the phone shows it.
  for (const name of states.keys()) if (!rows.some((row) => row.name === name)) rows.push({ name, shown: DEMO_SHOWN });
  if (rows.length === 0) {
    io.out(`no durable agents attached (${file.path})\n`);
    return 0;
  }
  const lines = listLines(rows.map((row) => ({ ...row, state: describeState(states.get(row.name), bridge) })));
  io.out(`${lines.join('\n')}\n`);
  return 0;
}
