import { rememberBounded } from '../../wire/bounded-map';
import { cleanField } from '../../wire/clean';
import type { PermissionOption } from '../../wire/types';
import type { PermissionAskSpec } from '../ask-spec';
import { cardInput } from '../card-input';
import { AskClosedError, type PaneHandle } from '../handles';
import type { PiBook } from './pi-book';
import { toolItemId, toolSummary } from './pi-items';
import { placeCall, READ_ONLY_TOOLS } from './tool-place';

/** Every tool but the read-only ones waits for a card (bash, write, edit, any extension's); those only read inside the folder without one. */
export const needsPermission = (toolName: string) => !READ_ONLY_TOOLS.includes(toolName);

/** What the model is told when the person refuses a tool call, and when a stop closed the card. */
export const REFUSED_REASON = 'The person refused this tool call on the phone. It did not run.';
export const STOPPED_REASON = 'The person stopped this turn on the phone before the tool call ran.';

/**
 * The card for a tool call: built from the tool's name and arguments only, never from the model's
 * words. `why` is the gate's own reason for asking a call it would otherwise let through (a read
 * outside the folder, a write under `.pi/`): such a card never offers Allow always.
 */
export function permissionAsk(toolCallId: string, toolName: string, args: Record<string, unknown>, offerAlways: boolean, why: string | null = null): PermissionAskSpec {
  const { input, cut } = cardInput(args);
  const summary = toolSummary(toolName, args);
  // Allow always outlives the card: offered only where the person can see all it allows, and on the private socket.
  const always = offerAlways && !cut && why === null;
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
    ...(why !== null ? { reason: `Asked because ${why}. Allow always does not cover this.` } : {}),
    tool: { name: toolName, input },
    options,
  };
}

/** Decisions kept per conversation: a tool call's is read while it runs and when it ends. */
const DECISION_MEMORY = 500;

/** How the gate decided a tool call: `free` ran with no card (a read inside the folder). */
export type GateDecision = 'free' | 'allowed' | 'denied' | 'stopped';

/**
 * The permission gate of one conversation: a tool call that changes anything, or reads outside
 * the project folder (tool-place.ts), waits for the person's answer on a card; Allow runs it, Deny
 * blocks it (the model is told), Allow always lets that tool run without a card for the rest of
 * the conversation, except what the gate asks about by place. Every allowed call is written down
 * before it runs.
 */
export class ToolGate {
  private readonly decisions = new Map<string, GateDecision>();

  constructor(
    private readonly pane: PaneHandle,
    private readonly book: PiBook,
    private readonly conversationId: string,
    private readonly offerAlways: boolean,
    private readonly cwd: string,
  ) {}

  decision(toolCallId: string): GateDecision | undefined {
    return this.decisions.get(toolCallId);
  }

  /** Resolves once the call may run (undefined) or with Pi's block (and the reason the model is told). */
  async check(toolCallId: string, toolName: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<{ block: true; reason: string } | undefined> {
    const kept = this.book.get(this.conversationId);
    const place = placeCall(toolName, args, this.cwd);
    if (place.free) return this.allow(toolCallId, 'free');
    if (kept?.allowed.includes(toolCallId) || (!place.noAlways && kept?.allowAlways.includes(toolName))) return this.allow(toolCallId);
    const stop = () => this.pane.decide(toolCallId);
    signal?.addEventListener('abort', stop, { once: true });
    try {
      const { optionIds } = await this.pane.ask(permissionAsk(toolCallId, toolName, args, this.offerAlways, place.why));
      if (optionIds.includes('always')) this.book.allowAlways(this.conversationId, toolName);
      if (optionIds.includes('allow') || optionIds.includes('always')) return this.allow(toolCallId);
      rememberBounded(this.decisions, toolCallId, 'denied', DECISION_MEMORY);
      return { block: true, reason: REFUSED_REASON };
    } catch (err) {
      if (!(err instanceof AskClosedError)) throw err;
      rememberBounded(this.decisions, toolCallId, 'stopped', DECISION_MEMORY);
      return { block: true, reason: STOPPED_REASON };
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }

  private allow(toolCallId: string, how: 'free' | 'allowed' = 'allowed'): undefined {
    this.book.allow(this.conversationId, toolCallId);
    rememberBounded(this.decisions, toolCallId, how, DECISION_MEMORY);
    return undefined;
  }
}
