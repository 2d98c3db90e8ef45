/**
 * Test helper: a model provider of the test's own. An HTTP server on 127.0.0.1 that speaks the
 * OpenAI Chat Completions API as Pi calls it (`POST /v1/chat/completions`, streamed as server-sent
 * events, tool calls streamed as argument fragments) and answers each request by the first rule of
 * a script that matches the conversation so far. Only the model is scripted: Pi, its tools and its
 * sessions run for real.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message as Pi sends it to the provider. */
export interface ModelMessage {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  content?: string | { type: string; text?: string }[] | null;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export interface ModelReply {
  thinking?: string;
  text?: string;
  toolCalls?: { name: string; args: Record<string, unknown> }[];
  /** Answer with this HTTP status and an error body instead. */
  status?: number;
  errorMessage?: string;
}

export interface ScriptRule {
  /** What the rule is for, in the test's words. */
  name: string;
  when(messages: ModelMessage[]): boolean;
  reply(messages: ModelMessage[]): ModelReply;
}

export interface ScriptedModel {
  /** The base URL Pi's provider configuration names (`…/v1`). */
  baseUrl: string;
  /** Every request's messages, in order. */
  requests: ModelMessage[][];
  /** Resolves when at least `count` requests have arrived. */
  waitForRequests(count: number): Promise<ModelMessage[][]>;
  close(): Promise<void>;
}

/** The text of a message, its parts joined. */
export function textOf(message: ModelMessage | undefined): string {
  if (!message?.content) return '';
  if (typeof message.content === 'string') return message.content;
  return message.content.map((part) => part.text ?? '').join('');
}

export const last = (messages: ModelMessage[]) => messages[messages.length - 1];

export async function startScriptedModel(rules: ScriptRule[]): Promise<ScriptedModel> {
  const requests: ModelMessage[][] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let calls = 0;
  // A provider's call ids are never reused: one server's differ from another's started later on the same chat.
  const run = randomBytes(4).toString('hex');
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || !(req.url ?? '').endsWith('/chat/completions')) return void res.writeHead(404).end();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model: string; messages: ModelMessage[] };
      requests.push(body.messages);
      for (const w of waiters.filter((w) => requests.length >= w.count)) w.resolve();
      const rule = rules.find((r) => r.when(body.messages));
      const reply = rule ? rule.reply(body.messages) : { text: `No rule for: ${textOf(last(body.messages)).slice(0, 80)}` };
      if (reply.status !== undefined) {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ error: { message: reply.errorMessage ?? `scripted ${reply.status}`, type: 'server_error' } }));
      }
      calls += 1;
      const id = `chatcmpl-${calls}`;
      const chunk = (delta: object, finish: string | null = null) =>
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(chunk({ role: 'assistant', content: '' }));
      if (reply.thinking) res.write(chunk({ reasoning_content: reply.thinking }));
      for (const piece of reply.text?.match(/[\s\S]{1,12}/g) ?? []) res.write(chunk({ content: piece }));
      (reply.toolCalls ?? []).forEach((call, index) => {
        res.write(chunk({ tool_calls: [{ index, id: `call_${run}_${calls}_${index}`, type: 'function', function: { name: call.name, arguments: '' } }] }));
        const args = JSON.stringify(call.args);
        // Fragments as a provider streams them: small ones, and no more than eight for a huge one.
        const size = Math.max(16, Math.ceil(args.length / 8));
        for (let at = 0; at < args.length; at += size) res.write(chunk({ tool_calls: [{ index, function: { arguments: args.slice(at, at + size) } }] }));
      });
      res.write(chunk({}, reply.toolCalls?.length ? 'tool_calls' : 'stop'));
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1, model: body.model, choices: [], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    waitForRequests: (count) => (requests.length >= count ? Promise.resolve(requests) : new Promise((resolve) => waiters.push({ count, resolve: () => resolve(requests) }))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
