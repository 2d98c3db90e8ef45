import { randomUUID } from 'node:crypto';
import type { AgentSession, AgentSessionEvent } from '@mariozechner/pi-coding-agent';
import type { ItemSpec, PaneHandle, TurnHandle } from '../handles';
import type { SendContext } from '../turns';
import type { PiBook } from './pi-book';
import { assistantItems, endedStatus, modelFailureText, toolItem, toolItemId, toolOutputText, type PiAssistantMessage, type PiToolCall, type PiToolResult } from './pi-items';
import { needsPermission, REFUSED_REASON, type ToolGate } from './tool-gate';

/** Streaming text is drawn at most this often (the bridge reads a second's worth at a time anyway). */
const DRAW_EVERY_MS = 150;

/** What the model is told about a tool call the agent was killed in the middle of. */
export const INTERRUPTED_TEXT = 'Interrupted: the agent stopped while this tool ran, so it did not finish and was not run again.';

export interface PiConversationDeps {
  pane: PaneHandle;
  conversationId: string;
  book: PiBook;
  gate: ToolGate;
  log: (line: string) => void;
  /** Secrets a provider's error text must never show (the model's key, when Pi can tell it). */
  secrets: () => string[];
  /** Before each run: Pi's keys read again, so a key given to Pi since (say, by `pi /login`) is used without a restart. */
  beforeRun: () => Promise<void>;
}

/**
 * One Pi session shown as one conversation. Pi's events become the chat's items as they stream;
 * a send runs `prompt` in the kit's turn, a steer reaches Pi's steering queue, a stop aborts the
 * run. The person's own texts are the kit's (it writes them as it takes a send or a steer).
 */
export class PiConversation {
  private messageKey = '';
  private readonly pending = new Map<string, ItemSpec>();
  private drawTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly calls = new Map<string, Pick<PiToolCall, 'id' | 'name' | 'arguments'>>();
  private unsubscribe: () => void = () => {};

  constructor(
    readonly session: AgentSession,
    private readonly deps: PiConversationDeps,
  ) {
    this.unsubscribe = session.subscribe((event) => this.onEvent(event));
  }

  get pane(): PaneHandle {
    return this.deps.pane;
  }

  /** The kit's send handler for this conversation: one Pi run, from start to end, in the kit's turn. */
  async send({ text, turn }: SendContext): Promise<void> {
    await this.idle();
    await this.deps.beforeRun();
    await this.inTurn(turn, () => this.session.prompt(text));
  }

  /** A stop from the phone: the kit has closed the open cards and ended the turn; the chat says so. */
  stopped(): void {
    void this.session.abort();
    this.deps.pane.item({ id: `stop-${randomUUID().slice(0, 12)}`, kind: 'notice', text: 'Stopped on the phone: the turn ended, and its open cards closed.' });
  }

  /**
   * After a restart: the tool calls of the last message that have no result. One the person had
   * not yet allowed asks again (same tool call, same card id); one that was allowed (it may have
   * run in part) is never run again and reads as interrupted. Returns once the cards are raised;
   * the run goes on once they are answered.
   */
  resumeDangling(): void {
    const messages = this.session.messages as unknown as { role: string; toolCallId?: string }[];
    const lastAssistant = messages.map((m) => m.role).lastIndexOf('assistant');
    if (lastAssistant < 0) return;
    const answered = new Set(messages.slice(lastAssistant + 1).map((m) => m.toolCallId));
    const message = messages[lastAssistant] as unknown as PiAssistantMessage;
    const dangling = message.content.filter((part): part is PiToolCall => part.type === 'toolCall' && !answered.has((part as PiToolCall).id));
    if (dangling.length === 0) return;
    const allowed = this.deps.book.get(this.deps.conversationId)?.allowed ?? [];
    const outcomes = dangling.map(async (call): Promise<PiToolResultMessage> => {
      this.calls.set(call.id, call);
      if (allowed.includes(call.id) || !needsPermission(call.name)) return this.finish(call, { content: [{ type: 'text', text: INTERRUPTED_TEXT }], isError: true });
      this.deps.pane.item(toolItem(call, 'running'));
      const block = await this.deps.gate.check(call.id, call.name, call.arguments);
      if (block) return this.finish(call, { content: [{ type: 'text', text: block.reason }], isError: true }, block.reason === REFUSED_REASON ? 'denied' : 'stopped');
      return this.run(call);
    });
    void Promise.all(outcomes)
      .then((results) => this.continueWith(results))
      .catch((err: unknown) => this.deps.log(`[agent] the tool calls left by the last run could not be settled: ${err instanceof Error ? err.message : String(err)}`));
  }

  /**
   * Lets the session go. Closed by the person, its run is aborted; when the agent itself stops,
   * it is not: a card left open must come back after the restart as it was (an abort would close
   * it and write its refusal into Pi's session).
   */
  dispose(how: 'closed' | 'agent-stopping'): void {
    this.unsubscribe();
    if (this.drawTimer) clearTimeout(this.drawTimer);
    if (how === 'closed') void this.session.abort();
    this.session.dispose();
  }

  /** Runs an allowed tool call left by the last run, as Pi's loop would have. */
  private async run(call: PiToolCall): Promise<PiToolResultMessage> {
    const tool = this.session.agent.state.tools.find((t) => t.name === call.name);
    this.deps.pane.item(toolItem(call, 'running'));
    try {
      if (!tool) throw new Error(`Pi has no tool named ${call.name} now`);
      const result = await tool.execute(call.id, call.arguments, undefined);
      return this.finish(call, { content: result.content, isError: false });
    } catch (err) {
      return this.finish(call, { content: [{ type: 'text', text: err instanceof Error ? err.message : String(err) }], isError: true });
    }
  }

  private finish(call: Pick<PiToolCall, 'id' | 'name' | 'arguments'>, result: PiToolResult, refused?: 'denied' | 'stopped'): PiToolResultMessage {
    this.deps.pane.item(toolItem(call, endedStatus({ isError: result.isError, ...(refused ? { refused } : {}) }), toolOutputText(result)));
    return { role: 'toolResult', toolCallId: call.id, toolName: call.name, content: result.content, isError: result.isError, timestamp: Date.now() };
  }

  /** The results of the calls left by the last run go into Pi's context and its session file, and the model goes on. */
  private async continueWith(results: PiToolResultMessage[]): Promise<void> {
    const { agent, sessionManager } = this.session;
    agent.state.messages = [...agent.state.messages, ...(results as never[])];
    for (const result of results) sessionManager.appendMessage(result as never);
    await this.idle();
    await this.deps.beforeRun();
    const turn = this.deps.pane.startTurn();
    await this.inTurn(turn, () => agent.continue()).finally(() => turn.end());
  }

  private async inTurn(turn: TurnHandle, run: () => Promise<void>): Promise<void> {
    turn.onSteer((text) => void this.session.steer(text).catch((err: unknown) => this.fail(err)));
    try {
      await run();
    } catch (err) {
      if (!turn.signal.aborted) this.fail(err);
    }
  }

  private async idle(): Promise<void> {
    await this.session.agent.waitForIdle();
  }

  private fail(err: unknown): void {
    const message = err instanceof Error ? err.message : String(err);
    this.note(modelFailureText(message.split('\n')[0], this.deps.secrets()));
  }

  private note(text: string): void {
    this.deps.pane.item({ id: `n-${randomUUID().slice(0, 12)}`, kind: 'notice', text });
  }

  private onEvent(event: AgentSessionEvent): void {
    switch (event.type) {
      case 'message_start':
        if (event.message.role === 'assistant') this.messageKey = `m-${randomUUID().slice(0, 12)}`;
        return;
      case 'message_update':
        if (event.message.role !== 'assistant') return;
        // While it streams: its text and thinking only (a tool call's arguments, maybe megabytes, are read once whole).
        for (const item of assistantItems(this.messageKey, event.message, false)) this.pending.set(item.id, item);
        this.drawSoon();
        return;
      case 'message_end': {
        if (event.message.role !== 'assistant') return;
        const message = event.message as unknown as PiAssistantMessage;
        this.pending.clear();
        for (const part of message.content) if (part.type === 'toolCall') this.calls.set((part as PiToolCall).id, part as PiToolCall);
        for (const item of assistantItems(this.messageKey, message)) this.deps.pane.item(item);
        if (message.stopReason === 'error') this.note(modelFailureText(message.errorMessage, this.deps.secrets()));
        return;
      }
      case 'tool_execution_update': {
        const call = this.calls.get(event.toolCallId);
        if (call) this.pending.set(toolItemId(call.id), toolItem(call, 'running', toolOutputText(event.partialResult as PiToolResult)));
        this.drawSoon();
        return;
      }
      case 'tool_execution_end': {
        const call = this.calls.get(event.toolCallId) ?? { id: event.toolCallId, name: event.toolName, arguments: {} };
        this.pending.delete(toolItemId(call.id));
        const decision = this.deps.gate.decision(call.id);
        const refused = decision === 'denied' || decision === 'stopped' ? decision : undefined;
        const result = event.result as PiToolResult;
        this.deps.pane.item(toolItem(call, endedStatus({ isError: event.isError, ...(refused ? { refused } : {}) }), toolOutputText(result)));
        return;
      }
      case 'auto_retry_start':
        this.note(modelFailureText(`${event.errorMessage} (trying again, ${event.attempt} of ${event.maxAttempts})`, this.deps.secrets()));
        return;
      default:
        return;
    }
  }

  private drawSoon(): void {
    if (this.drawTimer) return;
    this.drawTimer = setTimeout(() => {
      this.drawTimer = undefined;
      for (const item of this.pending.values()) this.deps.pane.item(item);
      this.pending.clear();
    }, DRAW_EVERY_MS);
  }
}

interface PiToolResultMessage extends PiToolResult {
  role: 'toolResult';
  toolCallId: string;
  toolName: string;
  timestamp: number;
}
