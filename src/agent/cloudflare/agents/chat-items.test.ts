import { describe, expect, it } from 'vitest';
import { approvalCard, chatItems, waitingApprovals, type ChatMessageLike } from './chat-items';

const publish = (state: string, extra: Record<string, unknown> = {}) => ({ type: 'tool-publish_release', toolCallId: 'call-1', state, input: { version: '1.4.0' }, ...extra });

const chat = (...assistantParts: unknown[]): ChatMessageLike[] => [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'publish 1.4.0' }] },
  { id: 'a1', role: 'assistant', parts: [{ type: 'step-start' }, ...assistantParts] },
];

describe('an Agents SDK chat as items', () => {
  it('shows the person’s line, reasoning, the reply as markdown and the tool call with its status', () => {
    const items = chatItems(
      chat({ type: 'reasoning', text: 'They want a release.' }, publish('output-available', { output: 'Published 1.4.0' }), { type: 'text', text: '**Done.**' }),
    );
    expect(items).toEqual([
      { id: 'm-u1', kind: 'user', text: 'publish 1.4.0' },
      { id: 'm-a1-1', kind: 'thinking', text: 'They want a release.' },
      { id: 'tool-call-1', kind: 'tool', toolCallId: 'call-1', name: 'publish_release', status: 'done', summary: 'version 1.4.0', output: 'Published 1.4.0' },
      { id: 'm-a1-3', kind: 'markdown', text: '**Done.**' },
    ]);
  });

  it('gives each tool state the phone’s status: waiting and approved calls run, an error fails with its text, a refusal is denied', () => {
    const status = (part: unknown) => chatItems(chat(part)).find((i) => i.kind === 'tool');
    expect(status(publish('input-streaming'))).toMatchObject({ status: 'running' });
    expect(status(publish('approval-requested', { approval: { id: 'ap-1' } }))).toMatchObject({ status: 'running' });
    expect(status(publish('approval-responded', { approval: { id: 'ap-1', approved: true } }))).toMatchObject({ status: 'running' });
    expect(status(publish('output-error', { errorText: 'registry down' }))).toMatchObject({ status: 'failed', output: 'registry down' });
    expect(status(publish('output-denied', { approval: { id: 'ap-1', approved: false } }))).toMatchObject({ status: 'denied' });
    const search = status({ type: 'dynamic-tool', toolName: 'search', toolCallId: 'd1', state: 'output-available', input: { q: ['a', 'b'] }, output: { hits: 2 } });
    expect(search).toMatchObject({ name: 'search', summary: '{"q":["a","b"]}', output: '{\n  "hits": 2\n}' });
  });

  it('leaves out the phone’s own lines (the kit shows them), empty text and parts it cannot read', () => {
    const messages: ChatMessageLike[] = [
      { id: 'phone-r1', role: 'user', parts: [{ type: 'text', text: 'sent from the phone' }] },
      {
        id: 'a1',
        role: 'assistant',
        parts: [{ type: 'text', text: '  ' }, null, 'text', { type: 'tool-', toolCallId: 'x', state: 'input-available' }, { type: 'file', url: 'x' }],
      },
      { id: 's1', role: 'system', parts: [{ type: 'text', text: 'system words' }] },
    ];
    expect(chatItems(messages)).toEqual([]);
  });

  it('makes a card for each call that waits for approval, from the tool’s name and input', () => {
    const messages = chat(publish('approval-requested', { approval: { id: 'ap-1' } }), { ...publish('output-available', { output: 'x' }), toolCallId: 'call-0' });
    const waiting = waitingApprovals(messages);
    expect(waiting.map((c) => c.toolCallId)).toEqual(['call-1']);
    expect(approvalCard(waiting[0]!)).toEqual({
      kind: 'permission',
      toolCallId: 'call-1',
      itemId: 'tool-call-1',
      title: 'publish_release version 1.4.0',
      tool: { name: 'publish_release', input: { version: '1.4.0' } },
      options: [
        { id: 'allow', label: 'Allow', effect: 'allow' },
        { id: 'deny', label: 'Deny', effect: 'deny' },
      ],
    });
  });
});
