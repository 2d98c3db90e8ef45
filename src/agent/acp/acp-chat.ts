import { randomUUID } from 'node:crypto';
import { rememberBounded } from '../../wire/bounded-map';
import { cleanField } from '../../wire/clean';
import { LIMITS } from '../../wire/limits';
import { isRecord } from '../../wire/read';
import type { BeltButton, ToolStatus } from '../../wire/types';
import { utf8Length } from '../../wire/utf8';
import { AskClosedError, type ItemSpec, type PaneHandle, type TurnHandle } from '../handles';
import { outputTail, textItem, toolItemId } from '../model-text';
import { unifiedDiff } from '../unified-diff';
import { permissionCard, type PermissionOutcome } from './acp-permission';
import { callSummary, contentText, mergeToolCall, toolName, type AcpToolCall } from './acp-tool-call';

/** What a chat asks of the connection to its agent (null while the agent is not running). */
export interface AcpLink {
  request(method: string, params: unknown, timeoutMs?: number): Promise<unknown>;
  notify(method: string, params: unknown): void;
}

export interface AcpChatDeps {
  link: () => AcpLink | null;
  /** Allow always outlives its card: offered on the private socket only. */
  offerAlways: boolean;
  log: (line: string) => void;
}

/** Streaming text is drawn at most this often (the bridge reads a second's worth at a time anyway). */
const DRAW_EVERY_MS = 150;
/** Tool calls remembered per chat (their latest fields, for the next update and the card). */
const CALL_MEMORY = 500;
/** A prompt runs as long as the agent works; it ends with the agent's answer, a stop, or the agent's exit. */
const PROMPT_MS = 24 * 60 * 60 * 1000;
/** Text kept of one streamed message: past it, chunks are counted, not kept (the item is cut there anyway). */
const STREAM_KEEP_BYTES = LIMITS.itemTextBytes + 1024;

/** How a turn ended, for the chat: `stopReason` as the protocol names it, in words where it is not a plain end. */
const STOP_WORDS: Record<string, string> = {
  max_tokens: 'The agent stopped: it reached its limit of tokens for this turn.',
  max_turn_requests: 'The agent stopped: it reached its limit of model requests for this turn.',
  refusal: 'The agent refused to go on with this request. What you sent is not part of its next turn.',
};

type Streamed = { kind: 'reply' | 'thinking' | 'user'; id: string; body: string; bytes: number; messageId?: string };

/**
 * One ACP session shown as one conversation. The agent's `session/update`s become the chat's
 * items as they stream (its message as one markdown reply, its thinking, each tool call with its
 * status and output, a diff in the diff view, its plan as a checklist that updates in place, its
 * commands on the belt); a send is one `session/prompt`; Stop is `session/cancel`, and every
 * permission request of the session still open is answered `cancelled`; each permission request
 * is a card, answered once.
 */
export class AcpChat {
  private readonly calls = new Map<string, AcpToolCall>();
  private readonly refused = new Set<string>();
  private readonly waiting = new Map<string, (outcome: PermissionOutcome) => void>();
  /** The tool calls of the prompt running now: those a stop leaves unreported read as stopped. */
  private promptCalls = new Set<string>();
  private streamed: Streamed | null = null;
  private drawTimer: ReturnType<typeof setTimeout> | undefined;
  private planId = `plan-${randomUUID().slice(0, 12)}`;
  private commands: BeltButton[] = [];
  /** While a load replays history into a chat that holds it already: updates are not drawn again. */
  replaying = false;

  constructor(
    readonly pane: PaneHandle,
    readonly sessionId: string,
    private readonly deps: AcpChatDeps,
  ) {}

  /** One `session/update` of this session. */
  update(update: Record<string, unknown>): void {
    if (this.replaying) return;
    switch (update.sessionUpdate) {
      case 'agent_message_chunk':
        return this.chunk('reply', update);
      case 'agent_thought_chunk':
        return this.chunk('thinking', update);
      case 'user_message_chunk':
        return this.chunk('user', update);
      case 'tool_call':
      case 'tool_call_update':
        return this.tool(update);
      case 'plan':
        return this.plan(update.entries);
      case 'available_commands_update':
        return this.belt(update.availableCommands);
      default:
        return; // modes, usage and whatever comes next: nothing the phone shows
    }
  }

  /** One prompt, from start to end, in the kit's turn (a send's, or a belt button's). */
  async prompt(text: string, turn: TurnHandle): Promise<void> {
    this.flush();
    this.planId = `plan-${turn.id}`;
    const link = this.deps.link();
    if (!link) return this.note('Not sent: the agent is not running. It is started again by itself; send once it is back.');
    const calls = (this.promptCalls = new Set());
    let result: unknown;
    try {
      result = await link.request('session/prompt', { sessionId: this.sessionId, prompt: [{ type: 'text', text }] }, PROMPT_MS);
    } catch (err) {
      this.endCalls(calls, turn);
      this.flush();
      if (turn.signal.aborted) return;
      this.note(`The agent did not finish this turn: ${err instanceof Error ? err.message : String(err)}`);
      throw err;
    }
    this.endCalls(calls, turn);
    this.flush();
    const reason = isRecord(result) && typeof result.stopReason === 'string' ? result.stopReason : 'end_turn';
    const words = STOP_WORDS[reason];
    if (words) this.note(words);
  }

  /** Stop: the agent is told, and every permission request of this session still waiting is answered `cancelled`. */
  stop(): void {
    this.deps.link()?.notify('session/cancel', { sessionId: this.sessionId });
    for (const [callId, answer] of this.waiting) {
      this.waiting.delete(callId);
      answer({ outcome: 'cancelled' });
    }
  }

  /** A `session/request_permission`: a card, and the person's answer as the reply (once). */
  async permission(params: Record<string, unknown>): Promise<{ outcome: PermissionOutcome }> {
    const call = mergeToolCall(undefined, params.toolCall);
    if (!call) return { outcome: { outcome: 'cancelled' } };
    const merged = this.remember(mergeToolCall(this.calls.get(call.toolCallId), params.toolCall)!);
    const card = permissionCard(merged, params.options, this.deps.offerAlways);
    if (!card) {
      this.deps.log(`[agent] ACP: a permission request with no option the phone can show was cancelled (${merged.toolCallId.slice(0, 64)})`);
      return { outcome: { outcome: 'cancelled' } };
    }
    this.drawTool(merged);
    const cancelled = new Promise<PermissionOutcome>((resolve) => this.waiting.set(merged.toolCallId, resolve));
    const asked = this.pane.ask(card.spec).then(
      ({ optionIds }): PermissionOutcome => {
        const theirs = card.choices.get(optionIds[0] ?? '');
        if (!theirs) return { outcome: 'cancelled' };
        if (optionIds[0] === 'deny' || optionIds[0] === 'never') this.refused.add(merged.toolCallId);
        return { outcome: 'selected', optionId: theirs };
      },
      (err: unknown): PermissionOutcome => {
        if (err instanceof AskClosedError) return { outcome: 'cancelled' };
        throw err;
      },
    );
    asked.catch(() => {}); // a stop may answer first; the card's own end is then nobody's to hear
    try {
      return { outcome: await Promise.race([asked, cancelled]) };
    } finally {
      this.waiting.delete(merged.toolCallId);
      this.pane.decide(merged.toolCallId); // answered `cancelled` by a stop: its card closes too
    }
  }

  /** The agent is gone (it exited, or the host stops): cards close, what ran reads as interrupted. */
  agentGone(why: string): void {
    this.flush();
    for (const [callId, answer] of this.waiting) {
      this.waiting.delete(callId);
      answer({ outcome: 'cancelled' });
    }
    for (const call of this.calls.values())
      if (call.status === 'pending' || call.status === 'in_progress') this.drawTool({ ...call, status: 'failed', text: `Interrupted: ${why}` });
  }

  /** A stopped prompt is over: a call of it the agent never said finished did not finish. */
  private endCalls(calls: Set<string>, turn: TurnHandle): void {
    if (!turn.signal.aborted) return;
    for (const callId of calls) {
      const call = this.calls.get(callId);
      if (call && call.status !== 'completed' && call.status !== 'failed') this.drawTool(this.remember({ ...call, status: 'failed', text: 'Stopped before it finished.' }));
    }
  }

  note(text: string): void {
    this.flush();
    this.pane.item({ id: `n-${randomUUID().slice(0, 12)}`, kind: 'notice', text: cleanField.itemText(text).text });
  }

  /** Draws what has streamed so far and ends the message. */
  flush(): void {
    if (this.drawTimer) clearTimeout(this.drawTimer);
    this.drawTimer = undefined;
    this.drawStreamed();
    this.streamed = null;
  }

  private chunk(kind: Streamed['kind'], update: Record<string, unknown>): void {
    const content = isRecord(update.content) ? contentText(update.content) : '';
    const messageId = typeof update.messageId === 'string' ? update.messageId : undefined;
    const current = this.streamed;
    if (!current || current.kind !== kind || (messageId !== undefined && current.messageId !== undefined && messageId !== current.messageId)) {
      this.flush();
      this.streamed = { kind, id: `${kind[0]}-${randomUUID().slice(0, 12)}`, body: '', bytes: 0, ...(messageId !== undefined ? { messageId } : {}) };
    }
    const streamed = this.streamed!;
    // Past what an item can show, chunks are not kept: a flood of them costs no memory.
    if (streamed.bytes < STREAM_KEEP_BYTES) {
      streamed.body += content;
      streamed.bytes += utf8Length(content);
    }
    this.drawTimer ??= setTimeout(() => {
      this.drawTimer = undefined;
      this.drawStreamed();
    }, DRAW_EVERY_MS);
  }

  private drawStreamed(): void {
    const streamed = this.streamed;
    if (!streamed || streamed.body.trim() === '') return;
    if (streamed.kind === 'reply') return this.pane.item(textItem(streamed.id, streamed.body));
    this.pane.item({ id: streamed.id, kind: streamed.kind, text: cleanField.itemText(streamed.body).text });
  }

  private tool(update: Record<string, unknown>): void {
    const call = mergeToolCall(typeof update.toolCallId === 'string' ? this.calls.get(update.toolCallId) : undefined, update);
    if (!call) return;
    this.flush();
    this.drawTool(this.remember(call));
  }

  private remember(call: AcpToolCall): AcpToolCall {
    rememberBounded(this.calls, call.toolCallId, call, CALL_MEMORY);
    if (this.promptCalls.size < CALL_MEMORY) this.promptCalls.add(call.toolCallId);
    return call;
  }

  private drawTool(call: AcpToolCall): void {
    const output = outputTail([call.text, rawOutputText(call.rawOutput)].filter(Boolean).join('\n'));
    const summary = callSummary(call);
    const item: ItemSpec = {
      id: toolItemId(call.toolCallId),
      kind: 'tool',
      toolCallId: call.toolCallId,
      name: cleanField.label(toolName(call)).text,
      ...(summary ? { summary } : {}),
      ...(output ? { output } : {}),
      status: this.statusOf(call),
    };
    this.pane.item(item);
    if (call.diffs?.length) {
      const diff = call.diffs.map((d) => unifiedDiff(d.path, d.oldText, d.newText)).join('');
      this.pane.item({ id: `diff-${call.toolCallId}`, kind: 'code', language: 'diff', text: cleanField.richText(diff).text });
    }
  }

  private statusOf(call: AcpToolCall): ToolStatus {
    if (call.status === 'completed') return 'done';
    if (call.status === 'failed') return this.refused.has(call.toolCallId) ? 'denied' : 'failed';
    return 'running';
  }

  /** The plan as a checklist, one item per turn that the agent's each new plan replaces. */
  private plan(raw: unknown): void {
    if (!Array.isArray(raw)) return;
    const lines = raw
      .filter((e): e is Record<string, unknown> => isRecord(e) && typeof e.content === 'string')
      .slice(0, LIMITS.toolInputEntries)
      .map((e) => {
        const mark = e.status === 'completed' ? '[x]' : '[ ]';
        const doing = e.status === 'in_progress' ? ' (in progress)' : '';
        return `- ${mark} ${cleanField.line(String(e.content).replace(/\s+/g, ' ')).text}${doing}`;
      });
    if (lines.length === 0) return;
    this.flush();
    this.pane.item({ id: this.planId, kind: 'markdown', text: cleanField.richText(`**Plan**\n\n${lines.join('\n')}`).text });
  }

  /** The agent's commands that take no input, as belt buttons: a tap sends `/name`. */
  private belt(raw: unknown): void {
    if (!Array.isArray(raw)) return;
    this.commands = raw
      .filter((c): c is Record<string, unknown> => isRecord(c) && typeof c.name === 'string' && /^[\w.:-]{1,64}$/.test(c.name) && !isRecord(c.input))
      .slice(0, LIMITS.beltButtons)
      .map((c) => ({ id: `cmd-${String(c.name)}`, label: cleanField.beltLabel(`/${String(c.name)}`).text }));
    this.pane.belt(this.commands);
  }

  /** The text a belt button sends, or null for a button this chat did not put there. */
  commandText(actionId: string): string | null {
    return this.commands.some((c) => c.id === actionId) ? `/${actionId.slice('cmd-'.length)}` : null;
  }
}

/** A tool's raw output, when it is words: a string, or an object's `output` (or `stdout`) string; structured data stays the agent's. */
function rawOutputText(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  if (isRecord(raw) && typeof raw.output === 'string') return raw.output;
  if (isRecord(raw) && typeof raw.stdout === 'string') return raw.stdout;
  return '';
}
