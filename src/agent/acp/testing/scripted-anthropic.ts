/**
 * Test helper: a model provider of the test's own for agents that speak Anthropic's Messages API
 * (Claude Code, through claude-agent-acp, with ANTHROPIC_BASE_URL). An HTTP server on 127.0.0.1:
 * `POST /v1/messages` answered as a stream of server-sent events (text, or one tool use), `count_tokens`
 * and the `HEAD /` Claude Code sends first. Each request is answered by the first rule of a script
 * that matches the conversation so far; a request that offers no tools (a title, a summary) gets
 * plain text. Only the model is scripted: the agent, its tools and its sessions run for real.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a rule reads of a request: the person's last words, the last tool result, the tools offered. */
export interface MessagesView {
  lastUserText: string;
  /** The result of the last tool call, when the last message carries one. */
  toolResult: { text: string; isError: boolean } | null;
  tools: string[];
}

export interface MessagesRule {
  name: string;
  when(view: MessagesView): boolean;
  reply(view: MessagesView): { text?: string; toolUse?: { name: string; input: Record<string, unknown> } };
}

export interface ScriptedAnthropic {
  baseUrl: string;
  views: MessagesView[];
  close(): Promise<void>;
}

type Block = { type: string; text?: string; content?: unknown; is_error?: boolean };
const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? (content as Block[]).map((b) => (b.type === 'text' ? (b.text ?? '') : b.type === 'tool_result' ? textOf(b.content) : '')).join('')
      : '';

export async function startScriptedAnthropic(rules: MessagesRule[]): Promise<ScriptedAnthropic> {
  const views: MessagesView[] = [];
  let calls = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '';
      if (req.method !== 'POST') return void res.writeHead(200).end();
      if (url.includes('count_tokens')) return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"input_tokens":10}');
      if (!url.startsWith('/v1/messages')) return void res.writeHead(404).end();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model: string; messages: { role: string; content: unknown }[]; tools?: { name: string }[] };
      const last = body.messages.at(-1);
      const results = Array.isArray(last?.content) ? (last.content as Block[]).filter((b) => b.type === 'tool_result') : [];
      // The person's words: the newest user message with words of its own (a tool's result may ride with them).
      const wordsOf = (content: unknown) => (Array.isArray(content) ? textOf((content as Block[]).filter((b) => b.type === 'text')) : textOf(content));
      const view: MessagesView = {
        lastUserText: wordsOf([...body.messages].reverse().find((m) => m.role === 'user' && wordsOf(m.content).trim() !== '')?.content),
        toolResult: results.length ? { text: textOf(results[0]!.content), isError: results[0]!.is_error === true } : null,
        tools: (body.tools ?? []).map((t) => t.name),
      };
      views.push(view);
      const rule = view.tools.length > 0 ? rules.find((r) => r.when(view)) : undefined;
      const reply = rule ? rule.reply(view) : { text: 'Noted.' };
      calls += 1;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const event = (type: string, data: object) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
      event('message_start', {
        message: {
          id: `msg_${calls}`,
          type: 'message',
          role: 'assistant',
          model: body.model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 1, output_tokens: 1 },
        },
      });
      let index = 0;
      if (reply.text) {
        event('content_block_start', { index, content_block: { type: 'text', text: '' } });
        for (const piece of reply.text.match(/[\s\S]{1,12}/g) ?? []) event('content_block_delta', { index, delta: { type: 'text_delta', text: piece } });
        event('content_block_stop', { index });
        index += 1;
      }
      if (reply.toolUse) {
        event('content_block_start', { index, content_block: { type: 'tool_use', id: `toolu_${calls}`, name: reply.toolUse.name, input: {} } });
        event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(reply.toolUse.input) } });
        event('content_block_stop', { index });
      }
      event('message_delta', { delta: { stop_reason: reply.toolUse ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: 5 } });
      event('message_stop', {});
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    views,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
