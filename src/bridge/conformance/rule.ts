import { clean } from '../../wire/clean';
import { REPLY_LIMITS, type ReplyKind } from '../../wire/limits';
import { isRecord, type Rec } from '../../wire/read';
import type { WireErrorCode } from '../../wire/types';
import type { WireResponse } from '../link/transport';
import type { CheckRequest, CheckTarget } from './check-call';

/** What the rules share as they run, in order: later rules read what earlier ones found. */
export interface CheckContext {
  readonly target: CheckTarget;
  readonly writes: boolean;
  readonly waitReadyMs: number;
  /** One raw exchange with the agent (the negotiated version header unless told otherwise). */
  call(request: CheckRequest): Promise<WireResponse>;
  /** The latest hello body read, once one was a JSON object. */
  hello?: Rec;
  /** True once hello said `ready: true`. */
  ready: boolean;
  /** The snapshot body and its ETag, once read. */
  snapshot?: Rec;
  etag?: string;
  /** Notes one rule leaves for the next (such as the request id the replay rules repeat). */
  readonly notes: Map<string, unknown>;
}

export interface Rule {
  name: string;
  /** A write rule runs only with --writes. */
  writes?: boolean;
  /** Returns when the rule holds; throws RuleFail or RuleSkip otherwise. */
  run(ctx: CheckContext): Promise<void>;
}

export class RuleFail extends Error {
  override readonly name = 'RuleFail';
}
export class RuleSkip extends Error {
  override readonly name = 'RuleSkip';
}
/** The bridge still shows what the agent sent, but changed or less of it (WIRE.md §15). */
export class RuleWarn extends Error {
  override readonly name = 'RuleWarn';
}

export function fail(why: string): never {
  throw new RuleFail(why);
}

export function skip(why: string): never {
  throw new RuleSkip(why);
}

export function warn(why: string): never {
  throw new RuleWarn(why);
}

/** A problem and its weight: `fail` where the bridge drops or refuses, `warn` where it keeps a changed copy. */
export interface Problem {
  level: 'fail' | 'warn';
  text: string;
}

/** Fails on any fail-level problem (listing those), else warns on the rest. */
export function judgeProblems(problems: Problem[]): void {
  const failing = problems.filter((p) => p.level === 'fail').map((p) => p.text);
  if (failing.length > 0) failOnProblems(failing);
  const warnings = problems.map((p) => p.text);
  if (warnings.length > 0) warn(listed(warnings));
}

/** Fails with every problem at once (the first five), so one run shows all that is wrong. */
export function failOnProblems(problems: string[]): void {
  if (problems.length > 0) fail(listed(problems));
}

function listed(problems: string[]): string {
  const shown = problems.slice(0, 5).join('; ');
  return problems.length > 5 ? `${shown}; and ${problems.length - 5} more` : shown;
}

/** The status and the start of the body, cleaned so an agent cannot drive the terminal. */
export function describeReply(res: WireResponse): string {
  const text = res.raw.toString('utf8');
  return text === '' ? `${res.status} (no body)` : `${res.status} ${clean(text, { maxBytes: 160 })}`;
}

/** Holds when the reply has this status and, when given, this error code. */
export function expectReply(res: WireResponse, status: number, code?: WireErrorCode): void {
  const body = isRecord(res.json) ? res.json : undefined;
  if (res.status === status && (code === undefined || body?.code === code)) return;
  fail(`expected ${status}${code ? ` ${code}` : ''}, got ${describeReply(res)}`);
}

/** A reply over its limit is one the bridge would not read at all. */
export function expectWithin(res: WireResponse, kind: ReplyKind): void {
  const limit = REPLY_LIMITS[kind];
  if (res.raw.length > limit) fail(`the reply is ${res.raw.length} bytes, over the ${kind} limit of ${limit}`);
}

export function objectBody(res: WireResponse): Rec {
  if (!isRecord(res.json)) fail(`the body is not a JSON object: ${describeReply(res)}`);
  return res.json;
}

export function needHello(ctx: CheckContext): Rec {
  return ctx.hello ?? skip('hello was not read');
}

export function needReady(ctx: CheckContext): void {
  if (!ctx.ready) skip('the agent is not ready');
}

export function needSnapshot(ctx: CheckContext): Rec {
  needReady(ctx);
  return ctx.snapshot ?? skip('no snapshot was read');
}

/** The caps hello declared; anything but `true` is not declared. */
export function declared(ctx: CheckContext, cap: string): boolean {
  const caps = ctx.hello?.caps;
  return isRecord(caps) && caps[cap] === true;
}

/** Every pane record of a raw snapshot, in order, whatever else is wrong with it. */
export function rawPanes(snapshot: Rec): Rec[] {
  const out: Rec[] = [];
  for (const ws of asList(snapshot.workspaces)) {
    for (const tab of asList(isRecord(ws) ? ws.tabs : undefined)) {
      for (const pane of asList(isRecord(tab) ? tab.panes : undefined)) if (isRecord(pane)) out.push(pane);
    }
  }
  return out;
}

export function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The first pane's id in the snapshot read, if the agent shows any pane. */
export function firstPaneId(ctx: CheckContext): string | undefined {
  const id = ctx.snapshot ? rawPanes(ctx.snapshot)[0]?.id : undefined;
  return typeof id === 'string' ? id : undefined;
}
