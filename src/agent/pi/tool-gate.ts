import { cleanField, cleanText } from '../../wire/clean';
import { LIMITS } from '../../wire/limits';
import { utf8Length } from '../../wire/utf8';
import type { PermissionOption } from '../../wire/types';
import type { PermissionAskSpec } from '../ask-spec';
import { AskClosedError, type PaneHandle } from '../handles';
import type { PiBook } from './pi-book';
import { toolItemId, toolSummary } from './pi-items';

/** Pi's tools that only read: they run without a card. Every other tool (bash, write, edit, any extension's) waits for one. */
export const READ_ONLY_TOOLS: readonly string[] = ['read', 'grep', 'find', 'ls'];

export const needsPermission = (toolName: string) => !READ_ONLY_TOOLS.includes(toolName);

/** What the model is told when the person refuses a tool call, and when a stop closed the card. */
export const REFUSED_REASON = 'The person refused this tool call on the phone. It did not run.';
export const STOPPED_REASON = 'The person stopped this turn on the phone before the tool call ran.';

/**
 * A string argument longer than this is cut on the card (above the wire's own per-string limit,
 * so the bridge marks the card "Text shortened" too); the tool still gets the whole argument.
 */
export const CARD_STRING_BYTES = 2 * LIMITS.reasonBytes;

/** The tool's input as the card shows it: each long string cut; `cut` says whether anything was. */
export function cardInput(input: unknown): { input: unknown; cut: boolean } {
  let cut = false;
  const walk = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') {
      if (utf8Length(value) <= CARD_STRING_BYTES) return value;
      cut = true;
      return cleanText(value, { maxBytes: CARD_STRING_BYTES, multiline: true }).text;
    }
    if (value === null || typeof value !== 'object') return value;
    if (depth >= LIMITS.toolInputDepth) return ((cut = true), null);
    if (Array.isArray(value)) return value.slice(0, LIMITS.toolInputEntries).map((v) => walk(v, depth + 1));
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .slice(0, LIMITS.toolInputEntries)
        .map(([key, v]) => [key, walk(v, depth + 1)]),
    );
  };
  const shown = walk(input, 0);
  return { input: shown, cut };
}

/** The card for a tool call: built from the tool's name and arguments only, never from the model's words. */
export function permissionAsk(toolCallId: string, toolName: string, args: Record<string, unknown>, offerAlways: boolean): PermissionAskSpec {
  const { input, cut } = cardInput(args);
  const summary = toolSummary(toolName, args);
  // Allow always outlives the card: offered only where the person can see all it allows, and on the private socket.
  const always = offerAlways && !cut;
  const options: PermissionOption[] = [
    { id: 'allow', label: 'Allow', effect: 'allow' },
    ...(always ? [{ id: 'always', label: 'Allow always', effect: 'allow-always' as const }] : []),
    { id: 'deny', label: 'Deny', effect: 'deny' },
  ];
  return {
    kind: 'permission',
    toolCallId,
    itemId: toolItemId(toolCallId),
    title: cleanField.title(summary ? `${toolName} ${summary}` : toolName).text,
    ...(always ? { reason: `Allow always lets ${toolName} run without asking for the rest of this chat.` } : {}),
    tool: { name: toolName, input },
    options,
  };
}

/** How the gate decided a tool call. */
export type GateDecision = 'allowed' | 'denied' | 'stopped';

/**
 * The permission gate of one conversation: a tool call that changes anything waits for the
 * person's answer on a card; Allow runs it, Deny blocks it (the model is told), Allow always lets
 * that tool run without a card for the rest of the conversation. Every allowed call is written
 * down before it runs.
 */
export class ToolGate {
  private readonly decisions = new Map<string, GateDecision>();

  constructor(
    private readonly pane: PaneHandle,
    private readonly book: PiBook,
    private readonly conversationId: string,
    private readonly offerAlways: boolean,
  ) {}

  decision(toolCallId: string): GateDecision | undefined {
    return this.decisions.get(toolCallId);
  }

  /** Resolves once the call may run (undefined) or with Pi's block (and the reason the model is told). */
  async check(toolCallId: string, toolName: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<{ block: true; reason: string } | undefined> {
    const kept = this.book.get(this.conversationId);
    if (!needsPermission(toolName) || kept?.allowAlways.includes(toolName) || kept?.allowed.includes(toolCallId)) return this.allow(toolCallId);
    const stop = () => this.pane.decide(toolCallId);
    signal?.addEventListener('abort', stop, { once: true });
    try {
      const { optionIds } = await this.pane.ask(permissionAsk(toolCallId, toolName, args, this.offerAlways));
      if (optionIds.includes('always')) this.book.allowAlways(this.conversationId, toolName);
      if (optionIds.includes('allow') || optionIds.includes('always')) return this.allow(toolCallId);
      this.decisions.set(toolCallId, 'denied');
      return { block: true, reason: REFUSED_REASON };
    } catch (err) {
      if (!(err instanceof AskClosedError)) throw err;
      this.decisions.set(toolCallId, 'stopped');
      return { block: true, reason: STOPPED_REASON };
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }

  private allow(toolCallId: string): undefined {
    this.book.allow(this.conversationId, toolCallId);
    this.decisions.set(toolCallId, 'allowed');
    return undefined;
  }
}
