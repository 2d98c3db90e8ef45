/**
 * One Agents SDK chat on the phone: its messages mirrored into one pane's items, each waiting tool
 * approval raised as a permission card, the card's answer applied as the SDK's approval (once) and
 * the turn continued, a text from the phone saved as a user message, Stop ending the running turn.
 */
import type { Caps, KitApi, PaneHandle, SendContext, TurnHandle } from '../../kit-exports';
import { AskClosedError } from '../../kit-exports';
import { wakeKit, type WokenKit } from '../object';
import type { ChatAgentCore } from './chat-agent';
import { approvalCard, chatItems, PHONE_MESSAGE_PREFIX, waitingApprovals, type ToolCallPart } from './chat-items';
import { applyApproval } from './sdk-internals';

export const CHAT_CAPS: Partial<Caps> = { asks: true, send: true, abort: true, history: true };

export interface CollieChatOptions {
  /** The hello's `host.name`: how Collie names the agent. */
  hostName: string;
  /** The chat's title on the phone (default: the host name). */
  title?: string;
}

export class ChatOnPhone {
  /** Tool calls whose card this wake has raised. */
  private readonly raised = new Set<string>();
  /** Sends that wait for the open cards to be answered first (the model cannot read past an unanswered call). */
  private readonly clearWaiters = new Set<() => void>();
  private turn: TurnHandle | null = null;
  private notices = 0;
  private pane!: PaneHandle;

  private constructor(private readonly agent: ChatAgentCore) {}

  /** Wakes the kit in the agent's own storage; call inside `blockConcurrencyWhile`. */
  static async wake(agent: ChatAgentCore, options: CollieChatOptions): Promise<{ phone: ChatOnPhone; kit: WokenKit }> {
    const phone = new ChatOnPhone(agent);
    const kit = await wakeKit(agent.ctx.storage, { hostName: options.hostName, caps: CHAT_CAPS, start: (api) => phone.start(api, options.title ?? options.hostName) }, agent.env);
    return { phone, kit };
  }

  private start(kit: KitApi, title: string): void {
    this.pane = kit.workspace('agent', { title }).tab('chat', { title: 'Chat' }).pane('chat', { title, harness: 'agents-sdk' });
    kit.handle({ send: (context) => this.send(context), abort: () => void this.agent.abortActiveTurn() });
    // Before ready: a card still waiting after a wake is claimed again, the same card.
    this.mirror();
    kit.ready();
  }

  /** Brings the pane up to the chat as it stands: run at every request, so each poll reads it fresh. */
  mirror(): void {
    const items = chatItems(this.agent.messages);
    // Items the conversation has forgotten (its oldest) stay forgotten: only kept ones and newer ones are written.
    let lastKept = -1;
    items.forEach((item, index) => {
      if (this.pane.hasItem(item.id)) lastKept = index;
    });
    items.forEach((item, index) => {
      if (index > lastKept || this.pane.hasItem(item.id)) this.pane.item(item);
    });
    const waiting = waitingApprovals(this.agent.messages);
    for (const call of waiting) if (!this.raised.has(call.toolCallId)) this.raise(call);
    const still = new Set(waiting.map((call) => call.toolCallId));
    for (const id of this.raised) {
      if (still.has(id)) continue;
      // Answered elsewhere (the SDK's own chat page): the card closes as decided by the agent.
      this.pane.decide(id);
      this.raised.delete(id);
    }
    if (still.size === 0) for (const resolve of this.clearWaiters) resolve();
  }

  private raise(call: ToolCallPart): void {
    this.raised.add(call.toolCallId);
    this.pane.ask(approvalCard(call)).then(
      (answer) => this.answered(call, 'optionIds' in answer && answer.optionIds[0] === 'allow'),
      (err: unknown) => {
        if (!(err instanceof AskClosedError)) console.log(`[agent] the approval card for ${call.name} failed: ${String(err)}`);
      },
    );
  }

  private async answered(call: ToolCallPart, approved: boolean): Promise<void> {
    try {
      if (!(await applyApproval(this.agent, call.toolCallId, approved))) return;
      this.mirror();
      // The model goes on once every call of its step is answered, as the SDK's own chat does.
      if (waitingApprovals(this.agent.messages).length === 0) await this.continueTurn();
    } catch (err) {
      this.notice(`The answer to ${call.name} could not be applied: ${String(err)}`);
    }
  }

  /** The model's turn after the approvals, shown running (Stop ends it) unless a send's turn already is. */
  private async continueTurn(): Promise<void> {
    const own = this.turn || !this.pane.open ? null : this.ownTurn();
    try {
      const result = await this.agent.continueLastTurn(undefined, { signal: (own ?? this.turn)?.signal });
      if (result.status === 'error') this.notice(`The model's turn failed: ${String(result.error)}`);
    } finally {
      this.mirror();
      own?.end();
    }
  }

  /** A turn of the agent's own, or none when one is running already (a send's, just started). */
  private ownTurn(): TurnHandle | null {
    try {
      return this.pane.startTurn();
    } catch {
      return null;
    }
  }

  private async send({ text, requestId, turn }: SendContext): Promise<void> {
    this.turn = turn;
    try {
      await this.cardsAnswered(turn.signal);
      if (turn.signal.aborted) return;
      const message = { id: `${PHONE_MESSAGE_PREFIX}${requestId}`, role: 'user', parts: [{ type: 'text', text }] };
      const result = await this.agent.saveMessages((messages) => [...messages, message], { signal: turn.signal });
      if (result.status === 'error') {
        // Said in the chat, and the turn ends failed.
        this.notice(`The model's turn failed: ${String(result.error)}`);
        throw new Error(`the model's turn failed: ${String(result.error)}`);
      }
    } finally {
      // A queued text's turn may have started already (a stopped turn ends at once): it is not this one's to clear.
      if (this.turn === turn) this.turn = null;
      this.mirror();
    }
  }

  private cardsAnswered(signal: AbortSignal): Promise<void> {
    if (waitingApprovals(this.agent.messages).length === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.clearWaiters.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      this.clearWaiters.add(done);
      signal.addEventListener('abort', done);
    });
  }

  private notice(text: string): void {
    this.notices += 1;
    this.pane.item({ id: `notice-${Date.now()}-${this.notices}`, kind: 'notice', text });
  }
}
