import { DURABLE_USAGE, DURABLE_VERBS_HELP, fullHelp, isVerb, packageVersion, SHORT_USAGE, shownWord, verbHelp, type VerbName } from './usage';

const HELP_FLAGS = new Set(['--help', '-h']);
const VERSION_FLAGS = new Set(['--version', '-V']);

/** Where the words go. */
export interface WordsIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** A command that runs (help is only ever answered). */
export type RunVerb = Exclude<VerbName, 'help'>;
/** A command line: answered already (its exit code), or a command to run with its arguments. */
export type CommandLine = { exitCode: number } | { verb: RunVerb; rest: string[] };

/**
 * Reads `collie`'s arguments, and answers the lines usage.ts answers alone: `--version`,
 * `help [<command>]`, `--help`, `<command> … --help`, and a command that does not exist. That
 * needs no bridge, no network, no ES module loader: `src/bridge/bin.cjs` runs this compiled to
 * CommonJS before anything else, and cli.ts reads its arguments here too, so each line has one
 * reading however `collie` was started.
 */
export function readCommandLine(given: readonly string[], io: WordsIo): CommandLine {
  // `npx collie -- --version` passes its `--` on (npx itself reads a --version before it).
  const argv = given[0] === '--' ? given.slice(1) : given;
  const [first, ...more] = argv;
  if (first !== undefined && VERSION_FLAGS.has(first)) {
    io.out(`collie ${packageVersion()}\n`);
    return { exitCode: 0 };
  }
  if (first !== undefined && HELP_FLAGS.has(first)) return { exitCode: help(more[0], io) };
  // `collie` alone, or with start's options first, is `collie start` (the default command).
  const [verb, rest] = first === undefined || first.startsWith('-') ? ['start', argv] : [first, more];
  if (!isVerb(verb)) return { exitCode: unknown(verb, io) };
  if (verb === 'help') return { exitCode: help(rest[0], io) };
  // Durable's verbs read their own options: only `collie durable help` or `--help` is help for all of them.
  const asksHelp = verb === 'durable' ? rest[0] === 'help' || HELP_FLAGS.has(rest[0] ?? '') : rest.some((arg) => HELP_FLAGS.has(arg));
  return asksHelp ? { exitCode: help(verb, io) } : { verb, rest: [...rest] };
}

/** `collie help [verb]`: the whole help, or one verb's usage (durable has its own, longer help). */
function help(verb: string | undefined, io: WordsIo): number {
  if (verb === undefined) {
    io.out(fullHelp());
    return 0;
  }
  if (!isVerb(verb)) return unknown(verb, io);
  io.out(verb === 'durable' ? DURABLE_VERBS_HELP : verbHelp(verb));
  return 0;
}

function unknown(verb: string, io: WordsIo): number {
  // `collie list` and the like: the durable agents' verbs live under `durable`.
  const durable = Object.hasOwn(DURABLE_USAGE, verb) ? `did you mean: collie durable ${verb}\n` : '';
  io.err(`unknown command: ${shownWord(verb)}\n${durable}${SHORT_USAGE}`);
  return 2;
}
