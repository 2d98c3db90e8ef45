import { describe, expect, it, vi } from 'vitest';
import { agentPath, WIRE_PREFIX } from '../../../wire/agent-paths';
import type { Ask, Item, Snapshot } from '../../../wire/types';
import { VERSION_HEADER } from '../../../wire/wire-protocol';
import { serveWoken } from '../object';
import { MapStorage } from '../testing/map-storage';
import type { ChatAgentCore, ChatTurnResult } from './chat-agent';
import type { ChatMessageLike } from './chat-items';
import { ChatOnPhone } from './chat-on-phone';

/**
 * The Collie side of an Agents SDK chat over a chat that behaves as `AIChatAgent` does where
 * Collie meets it: messages, a saved user message, a continued turn, the approval's two calls.
 * The real SDK under workerd: cloud-helper.test.ts and e2e/cloud-agents.spec.ts.
 */
class Chat implements ChatAgentCore {
  messages: ChatMessageLike[] = [];
  readonly ctx = { storage: new MapStorage(), blockConcurrencyWhile: <T>(work: () => Promise<T>) => work() };
  readonly env = {};
  /** What the model was given, in order: each user text, and each continuation. */
  readonly model: string[] = [];
  readonly approvals: { toolCallId: string; approved: boolean }[] = [];

  waitForApproval(toolCallId: string): void {
    this.messages.push({
      id: `a-${toolCallId}`,
      role: 'assistant',
      parts: [{ type: 'tool-publish_release', toolCallId, state: 'approval-requested', input: { version: '1.0.0' }, approval: { id: `ap-${toolCallId}` } }],
    });
  }

  /** While set, the model's turn runs until the test lets it end. */
  turnEnds: Promise<void> | null = null;
  /** While set, the model's turn fails with this. */
  failure: string | null = null;

  async saveMessages(update: (current: ChatMessageLike[]) => ChatMessageLike[]): Promise<ChatTurnResult> {
    this.messages = update([...this.messages]);
    const parts = this.messages.at(-1)!.parts as { text: string }[];
    this.model.push(`text: ${parts[0]!.text}`);
    if (this.turnEnds) return this.turnEnds.then(() => ({ status: 'completed' }));
    if (this.failure) return { status: 'error', error: this.failure };
    this.messages.push({ id: `reply-${this.messages.length}`, role: 'assistant', parts: [{ type: 'text', text: 'Noted.' }] });
    return { status: 'completed' };
  }

  async continueLastTurn(): Promise<ChatTurnResult> {
    this.model.push('continued');
    return { status: 'completed' };
  }

  abortActiveTurn(): boolean {
    return false;
  }

  _enqueueInteractionApply(apply: () => Promise<boolean>): Promise<boolean> {
    return apply();
  }

  async _applyToolApproval(toolCallId: string, approved: boolean): Promise<boolean> {
    for (const message of this.messages) {
      const part = message.parts.find((p) => (p as { toolCallId?: string }).toolCallId === toolCallId) as { state: string } | undefined;
      if (part?.state !== 'approval-requested') continue;
      part.state = approved ? 'approval-responded' : 'output-denied';
      this.approvals.push({ toolCallId, approved });
      return true;
    }
    return false;
  }
}

async function onPhone(chat: Chat) {
  const woken = await ChatOnPhone.wake(chat, { hostName: 'helper' });
  const call = async (method: string, path: string, body?: unknown) => {
    woken.phone.mirror();
    const request = new Request(`https://agent.example${WIRE_PREFIX}${path}`, { method, headers: { [VERSION_HEADER]: '1' }, ...(body ? { body: JSON.stringify(body) } : {}) });
    return (await (await serveWoken(woken.kit, request, false)).json()) as Record<string, unknown>;
  };
  const pane = async () => ((await call('GET', agentPath('snapshot'))) as unknown as Snapshot).workspaces[0]!.tabs[0]!.panes[0]!;
  return {
    call,
    pane,
    items: async () => ((await call('GET', `${agentPath('events', { pane: 'chat' })}?after=0`)) as { items: Item[] }).items,
    answer: (ask: Ask, optionId: string, requestId: string) =>
      call('POST', agentPath('answer', { pane: 'chat' }), { requestId, askId: ask.id, revision: ask.revision, answer: { optionIds: [optionId] } }),
  };
}

describe('an Agents SDK chat on the phone', () => {
  it('raises a waiting approval as a card; Allow is the SDK’s approval once, and the turn goes on', async () => {
    const chat = new Chat();
    chat.waitForApproval('call-1');
    const phone = await onPhone(chat);
    const [card] = (await phone.pane()).asks;
    expect(card).toMatchObject({ kind: 'permission', toolCallId: 'call-1', tool: { name: 'publish_release', input: { version: '1.0.0' } } });
    expect(await phone.answer(card!, 'allow', 'r-1')).toEqual({ outcome: 'taken' });
    await vi.waitFor(() => expect(chat.model).toEqual(['continued']));
    expect(await phone.answer(card!, 'allow', 'r-1')).toMatchObject({ outcome: 'taken', replayed: true });
    expect(await phone.answer(card!, 'deny', 'r-2')).toMatchObject({ code: 'decided' });
    expect(chat.approvals).toEqual([{ toolCallId: 'call-1', approved: true }]);
    expect((await phone.pane()).asks).toEqual([]);
  });

  it('a text queued behind a turn that ends with a card open reaches the model only after the card is answered', async () => {
    const chat = new Chat();
    const phone = await onPhone(chat);
    let endTurn = () => {};
    chat.turnEnds = new Promise((resolve) => (endTurn = resolve));
    const send = (requestId: string, text: string, turnId?: string) => phone.call('POST', agentPath('send', { pane: 'chat' }), { requestId, text, ...(turnId ? { turnId } : {}) });
    expect(await send('r-publish', 'publish 1.0.0')).toMatchObject({ status: 'accepted' });
    const { turn } = await phone.pane();
    expect(await send('r-text', 'and the notes too', turn!.id)).toMatchObject({ status: 'queued' });
    // The model's turn ends waiting for an approval; the queued text's turn starts, and waits.
    chat.waitForApproval('call-2');
    chat.turnEnds = null;
    endTurn();
    await vi.waitFor(async () => expect((await phone.pane()).asks).toHaveLength(1));
    const [card] = (await phone.pane()).asks;
    await vi.waitFor(async () => expect((await phone.pane()).turn).toMatchObject({ state: 'running' }));
    expect(chat.model).toEqual(['text: publish 1.0.0']);
    await phone.answer(card!, 'deny', 'r-deny');
    await vi.waitFor(() => expect(chat.model).toEqual(['text: publish 1.0.0', 'continued', 'text: and the notes too']));
    expect(chat.approvals).toEqual([{ toolCallId: 'call-2', approved: false }]);
    const shown = await phone.items();
    expect(shown.filter((i) => i.kind === 'user').map((i) => i.id)).toEqual(['u-r-publish', 'u-r-text']);
    expect(shown.find((i) => i.kind === 'tool')).toMatchObject({ status: 'denied' });
  });

  it('a model turn that fails says why in the chat, and the turn ends failed', async () => {
    const chat = new Chat();
    chat.failure = 'the provider answered 503';
    const phone = await onPhone(chat);
    expect(await phone.call('POST', agentPath('send', { pane: 'chat' }), { requestId: 'r-fail', text: 'hello' })).toMatchObject({ status: 'accepted' });
    await vi.waitFor(async () => expect((await phone.pane()).turn).toMatchObject({ state: 'failed' }));
    expect((await phone.items()).at(-1)).toMatchObject({ kind: 'notice', text: "The model's turn failed: the provider answered 503" });
  });

  it('an approval answered elsewhere (the SDK’s own chat page) closes the card as the agent’s', async () => {
    const chat = new Chat();
    chat.waitForApproval('call-3');
    const phone = await onPhone(chat);
    const [card] = (await phone.pane()).asks;
    await chat._applyToolApproval('call-3', true);
    expect((await phone.pane()).asks).toEqual([]);
    expect(await phone.answer(card!, 'allow', 'r-late')).toMatchObject({ code: 'decided', decidedBy: 'program' });
    expect(chat.approvals).toHaveLength(1);
  });
});
