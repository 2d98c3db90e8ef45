/**
 * The check room: `collie durable check`, the wire's conformance rules run against any agent
 * (rules-*.ts), each printing `ok`, `warn <why>`, `FAIL <why>` or `skip <why>`.
 */
import { clean } from '../../wire/clean';
import { agentPath } from '../../wire/agent-paths';
import { parseRange, pickVersion } from '../../wire/parse-hello';
import { WIRE_VERSIONS } from '../../wire/wire-protocol';
import { TransportError, type TransportFailure } from '../link/transport';
import { callTarget, type CheckTarget } from './check-call';
import { helloRules } from './rules-hello';
import { eventsRules } from './rules-events';
import { capRules } from './rules-gates';
import { itemRules, sendRules, turnRules } from './rules-send';
import { snapshotRules } from './rules-snapshot';
import { transportRules } from './rules-transport';
import { writeRules } from './rules-write';
import { RuleFail, RuleSkip, RuleWarn, type CheckContext, type Rule } from './rule';

/** A FAIL line stays readable however much the agent got wrong. */
const MAX_REASON_BYTES = 1000;

/**
 * Every rule of WIRE.md that can be seen from outside, in the order they run: later rules read
 * what earlier ones found (hello, readiness, the snapshot). Adding a rule is adding an entry.
 */
export const ALL_RULES: readonly Rule[] = [
  ...transportRules,
  ...helloRules,
  ...snapshotRules,
  ...eventsRules,
  ...itemRules,
  ...writeRules,
  ...sendRules,
  ...capRules,
  ...turnRules,
];

/** Failures that mean no server is there at all: one line says so instead of a line per rule. */
const NOTHING_THERE: ReadonlySet<TransportFailure> = new Set(['no-socket', 'connection-refused', 'timeout']);

export interface CheckOptions {
  target: CheckTarget;
  /** Run the write rules too (each sends only what an agent must refuse or cannot act on). */
  writes: boolean;
  /** How long to wait for hello's `ready: true`. */
  waitReadyMs: number;
  /** Called with each line as its rule finishes. */
  onLine?: (line: string) => void;
  rules?: readonly Rule[];
}

export type RuleOutcome = { status: 'ok' } | { status: 'fail' | 'warn' | 'skip'; why: string };

export interface CheckResult {
  lines: string[];
  /** Each rule's outcome by name, in order (for callers that judge the run, such as tests). */
  outcomes: { name: string; outcome: RuleOutcome }[];
  failed: boolean;
  /** Set when nothing answered at the address: no rule ran. */
  unreachable?: string;
}

/** Runs the rules against a live agent: one line per rule, `ok`, `FAIL` or `skip`. */
export async function runCheck(options: CheckOptions): Promise<CheckResult> {
  const { target } = options;
  const ctx: CheckContext = {
    target,
    writes: options.writes,
    waitReadyMs: options.waitReadyMs,
    ready: false,
    notes: new Map(),
    call: (request) => callTarget(target, request, negotiatedVersion(ctx)),
  };
  const nobody = await nothingAnswers(target);
  if (nobody) {
    const line = hideToken(`FAIL nothing answers at ${target.kind === 'socket' ? target.path : target.url}: ${printable(nobody)}`, target);
    options.onLine?.(line);
    return { lines: [line], outcomes: [], failed: true, unreachable: hideToken(printable(nobody), target) };
  }
  const lines: string[] = [];
  const outcomes: CheckResult['outcomes'] = [];
  for (const rule of options.rules ?? ALL_RULES) {
    const outcome = await runRule(rule, ctx);
    const line = hideToken(formatLine(rule.name, outcome), target);
    outcomes.push({ name: rule.name, outcome: outcome.status === 'ok' ? outcome : { ...outcome, why: hideToken(outcome.why, target) } });
    lines.push(line);
    options.onLine?.(line);
  }
  return { lines, outcomes, failed: outcomes.some(({ outcome }) => outcome.status === 'fail') };
}

/** One hello first: when no server is there, every rule would only repeat it. */
async function nothingAnswers(target: CheckTarget): Promise<string | undefined> {
  try {
    await callTarget(target, { path: agentPath('hello'), version: null }, String(WIRE_VERSIONS.max));
    return undefined;
  } catch (err) {
    return err instanceof TransportError && NOTHING_THERE.has(err.failure) ? err.message : undefined;
  }
}

/** As the bridge: the highest version both ranges hold; before a good hello, our highest. */
function negotiatedVersion(ctx: CheckContext): string {
  const range = parseRange(ctx.hello?.protocol);
  return String((range && pickVersion(WIRE_VERSIONS, range)) ?? WIRE_VERSIONS.max);
}

export async function runRule(rule: Rule, ctx: CheckContext): Promise<RuleOutcome> {
  if (rule.writes && !ctx.writes) return { status: 'skip', why: 'needs --writes' };
  try {
    await rule.run(ctx);
    return { status: 'ok' };
  } catch (err) {
    if (err instanceof RuleSkip) return { status: 'skip', why: printable(err.message) };
    if (err instanceof RuleWarn) return { status: 'warn', why: printable(err.message) };
    if (err instanceof RuleFail) return { status: 'fail', why: printable(err.message) };
    if (err instanceof TransportError) return { status: 'fail', why: printable(err.message) };
    // A bug in the check itself still shows as a failed line rather than ending the run.
    return { status: 'fail', why: printable(`the check broke: ${err instanceof Error ? err.message : String(err)}`) };
  }
}

/** A reason may quote the agent (a bad id, a body): no control may reach the terminal, no line run on. */
function printable(why: string): string {
  return clean(why, { maxBytes: MAX_REASON_BYTES });
}

export function formatLine(name: string, outcome: RuleOutcome): string {
  if (outcome.status === 'ok') return `ok   ${name}`;
  return `${outcome.status === 'fail' ? 'FAIL' : outcome.status} ${name}: ${outcome.why}`;
}

/** An agent could echo the token back in a body the check quotes; it is never printed. */
function hideToken(line: string, target: CheckTarget): string {
  return target.kind === 'url' && target.token !== '' ? line.split(target.token).join('[token]') : line;
}
