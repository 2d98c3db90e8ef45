import { INVITATION_LIFETIME_WORDS } from '../../wire/pairing-link';
import { readFileSync } from 'node:fs';
import { DURABLE_HELP } from '../conformance/durable-help';
import { INSTALL } from '../config/install-paths';
import { ACP_PRESETS } from './acp-presets';

/** `collie durable check`'s usage line, as check-cli states it (its one home). */
const CHECK_USAGE = /collie durable check [^\n]*/.exec(DURABLE_HELP)?.[0] ?? 'collie durable check <socket-path | url>';

/** Each durable verb's usage lines: its usage errors, `collie help` and `collie help durable` show them. */
export const DURABLE_USAGE = {
  attach: ['collie durable attach <name> --socket <path> [--restart]', 'collie durable attach <name> --url <url> --token-env <VAR> [--restart]'],
  detach: ['collie durable detach <name> [--restart]'],
  list: ['collie durable list'],
  check: [CHECK_USAGE],
} as const;

/** `collie help durable`: what check-cli says of check, then each durable verb. */
export const DURABLE_VERBS_HELP = `${DURABLE_HELP}
  ${DURABLE_USAGE.attach.join('\n  ')}
      adds the durable agent to sources.json (kept at mode 0600), or replaces the entry of
      that name; the token is read from the environment variable VAR, never from the command line
  ${DURABLE_USAGE.detach[0]}
      removes the entry from sources.json
      --restart          then restarts the running bridge, as collie restart does
  ${DURABLE_USAGE.list[0]}
      each entry and its state in the running bridge (waits at most 3 s); a token shows as
      (token set)
`;

interface Verb {
  /** Usage lines, each with what it does for the whole help. */
  lines: [usage: string, summary?: string][];
  /** More for `collie help <verb>`. */
  details?: string;
}

/** Every verb `collie` knows: the one home of its usage, for help, `help <verb>` and usage errors. */
export const VERBS = {
  start: {
    lines: [['collie start [--port N] [--host H] [--demo]', 'run the bridge and serve the phone (the default)']],
    details: `  --port N   the port to serve on (default 8787; 0 lets the system pick one)
  --host H   the address to listen on (default 127.0.0.1; 0.0.0.0 for phones on your network)
  --demo     also start the bundled desk agent on a private socket in the state folder
  --tls-cert FILE --tls-key FILE   serve HTTPS (also COLLIE_TLS_CERT, COLLIE_TLS_KEY in .env)
  --public-origin URL   the https:// name a phone uses behind a TLS proxy such as tailscale serve
                        (repeatable; also COLLIE_PUBLIC_ORIGIN)
While no phone is paired it prints a one-time pairing link.
It writes its log to <state>/bridge.log (collie logs shows it).`,
  },
  pair: {
    lines: [['collie pair [--name NAME] [--watch]', 'a one-time link (and QR code) that pairs a phone']],
    details: `  --name NAME  the name the phone gets (else the browser's own)
  --watch      the phone may read everything but act on nothing
The link works once, for ${INVITATION_LIFETIME_WORDS}; its secret is only in the link itself.`,
  },
  devices: {
    lines: [
      ['collie devices [--json]', 'the paired phones: id, name, role, created, last seen'],
      ['collie devices rename <id> <name>'],
      ['collie devices revoke <id>', 'unpair a phone at once'],
    ],
  },
  crew: {
    lines: [
      ['collie crew invite [--label NAME]', "a one-time code another machine's bridge joins with"],
      ['collie crew join <lead-url> --label NAME', "join the lead's crew (the code on standard input)"],
      ['collie crew list [--json]', 'the crew: label, address, last seen, state'],
      ['collie crew remove <label>', 'on the lead: a member leaves the crew at once'],
      ['collie crew leave', "on a member: leave the lead's crew"],
    ],
    details: `One phone, several machines: the phone paired with the lead sees every member's agents.
  invite --label NAME   the label the member gets (else the one it joins with)
  join <lead-url>       the lead's https:// address; the code is read from standard input,
                        or from COLLIE_CREW_CODE, never from the command line
  --label NAME          the name this machine has in the crew (letters, digits, - and _)
Both bridges must be running, and speak HTTPS (--tls-cert and --tls-key, or a TLS proxy such as
tailscale serve with --public-origin): the member tells the lead its own https:// origin, and the
lead calls it back there before it takes it in. A code works once, for ${INVITATION_LIFETIME_WORDS}.`,
  },
  restart: { lines: [['collie restart', 'the running bridge re-reads sources.json']] },
  doctor: { lines: [['collie doctor', 'one line per check: ok, or FAIL and how to fix it']] },
  logs: {
    lines: [['collie logs [-f] [-n N]', "the bridge's recent log lines; -f follows them"]],
    details: `  -n N       how many lines (default 50)
  -f         then print each new line as the bridge writes it, until Ctrl-C`,
  },
  durable: {
    lines: [
      [DURABLE_USAGE.attach[0]],
      [DURABLE_USAGE.attach[1]],
      [DURABLE_USAGE.detach[0]],
      [DURABLE_USAGE.list[0], 'each durable agent and its state'],
      [DURABLE_USAGE.check[0]],
      ['', 'check a live durable agent against WIRE.md'],
    ],
  },
  pi: {
    lines: [
      ['collie pi [--cwd DIR] [--name NAME]', 'run Pi, the coding agent, in DIR as a durable agent'],
      ['collie pi stop [--name NAME]', 'stop it'],
    ],
    details: `  --cwd DIR    the project folder Pi works in (default: this folder)
  --name NAME  its name on the phone (default pi)
It starts Pi as a process of its own, attaches it and restarts the running bridge. Pi's model,
keys and settings are Pi's own (~/.pi/agent, or PI_CODING_AGENT_DIR): Collie never sees a key.
Every tool call waits for a permission card on the phone, but a read inside the folder; the
project's .pi/ files load only once allowed on a card.
Its log: <state>/pi/NAME/agent.log.`,
  },
  acp: {
    lines: [
      ['collie acp [--cwd DIR] [--name NAME] <preset> [-- args…]', 'run a coding agent (claude, codex, gemini…) in DIR on the phone'],
      ['collie acp [--cwd DIR] [--name NAME] -- <command> [args…]', 'run any agent that speaks ACP on stdio'],
      ['collie acp stop [NAME]', 'stop it (the name on the phone: the preset, or --name)'],
    ],
    details: `  <preset>     ${Object.keys(ACP_PRESETS).join(', ')} (each installed once from npm, pinned)
  --cwd DIR    the project folder the agent works in (default: this folder)
  --name NAME  its name on the phone (default the preset's, else acp)
  -- args…     after a preset: more arguments for the agent (its model, say)
It starts the agent's host as a process of its own, attaches it and restarts the running bridge.
The agent's login and keys are its own: Collie never sees a key. Every permission the agent asks
is a card on the phone. Its log: <state>/acp/NAME/agent.log.`,
  },
  help: {
    lines: [
      ['collie help [<command>]', "all commands, or one command's usage"],
      ['collie --version', 'the version of this Collie'],
    ],
  },
} satisfies Record<string, Verb>;

export type VerbName = keyof typeof VERBS;

export const isVerb = (name: string): name is VerbName => Object.hasOwn(VERBS, name);

const SUMMARY_COLUMN = 48;

/** `collie help`: every verb, one line each. */
export function fullHelp(): string {
  const rows = Object.values(VERBS).flatMap((verb: Verb) => verb.lines);
  // A usage too long for its column has its summary on the next line, in the column.
  const lines = rows.map(([usage, summary]) =>
    (!summary
      ? `  ${usage}`
      : usage.length < SUMMARY_COLUMN - 3
        ? `  ${usage.padEnd(SUMMARY_COLUMN - 2)}${summary}`
        : `  ${usage}
${' '.repeat(SUMMARY_COLUMN)}${summary}`
    ).trimEnd(),
  );
  return `collie — supervise durable agents from your phone\n\n${lines.join('\n')}\n`;
}

/** `usage: …` lines, as a usage error ends. */
export function usageLines(usages: readonly string[]): string {
  return `${usages
    .filter(Boolean)
    .map((usage, i) => `${i === 0 ? 'usage: ' : '       '}${usage}`)
    .join('\n')}\n`;
}

/** `collie help <verb>`: its usage, what it does, and its options. */
export function verbHelp(name: VerbName): string {
  const verb: Verb = VERBS[name];
  const summaries = verb.lines.map(([, summary]) => summary).filter(Boolean);
  return `${usageLines(verb.lines.map(([usage]) => usage))}\n${summaries.join('\n')}\n${verb.details ? `${verb.details}\n` : ''}`;
}

/** What a usage error of a verb prints: the mistake, then that verb's usage only. */
export function usageError(name: VerbName, message: string): string {
  return `collie ${name}: ${message}\n${usageLines(VERBS[name].lines.map(([usage]) => usage))}`;
}

/** A word typed where a command goes is shown back only when it cannot be a secret pasted by mistake. */
export const shownWord = (word: string) => (/^[\w.-]{1,31}$/.test(word) ? word : '(not shown)');

/** After an unknown command: a few lines, not the whole help. */
export const SHORT_USAGE = `usage: collie [${Object.keys(VERBS)
  .filter((v) => v !== 'help')
  .join(' | ')}] …
       collie help <command> for one command's usage; collie help for all of them
`;

const PACKAGE_JSON = INSTALL.packageJson;

/**
 * `collie --version`: the version package.json gives, the one place it is kept. Read at once:
 * loading node:fs/promises would add to every `collie help` (see read-command-line.ts).
 */
export function packageVersion(): string {
  const parsed: unknown = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8'));
  const version = typeof parsed === 'object' && parsed !== null && 'version' in parsed ? parsed.version : undefined;
  if (typeof version !== 'string') throw new Error(`${PACKAGE_JSON} holds no version`);
  return version;
}
