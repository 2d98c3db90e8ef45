/**
 * Test helper, run as its own process (`bun scripted-acp-agent.ts`): an Agent Client Protocol
 * agent written for the tests, speaking the protocol on stdio as a real one does. What it does is
 * chosen by the prompt's first word, so a test says what it wants in the chat itself:
 *   `say <words>`            streams the words as a reply, in chunks
 *   `think`                  a thought, then a reply
 *   `write <file> <text>`    an edit tool call with a diff, asked on a card (all four kinds of option); writes the file if allowed
 *   `run <command>`          an execute tool call, asked on a card; allowed, it runs until stopped (session/cancel)
 *   `hush <command>`         as run, but a stop ends the turn with no word on the call (as Claude Code's adapter does)
 *   `plan`                   a plan of three steps that is updated twice
 *   `commands`               offers two commands (/init, /review)
 *   `flood <n>`              n chunks of a reply, as fast as it can
 *   `big`                    a tool call whose output is 50 MB
 *   `garbage`                lines that are not JSON, unknown methods, a reply to nothing, a request id reused
 *   `refuse` | `max`         ends the turn with stopReason refusal | max_tokens
 *   `crash`                  exits mid-prompt
 * Anything else is echoed back. Sessions are kept in COLLIE_TEST_ACP_STATE (a JSON file), so a
 * new process can `session/load` them, replaying their history. COLLIE_TEST_ACP_MODE: `no-init`
 * never answers initialize; `login` needs authentication for a new session; `no-load` offers no
 * session/load. COLLIE_TEST_ACP_MARK: a file each flood appends the time its last chunk left to.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Json = Record<string, unknown>;
const mode = process.env.COLLIE_TEST_ACP_MODE ?? '';
const statePath = process.env.COLLIE_TEST_ACP_STATE ?? '';
/** Each session's history, replayed by session/load. */
const sessions: Record<string, { cwd: string; history: Json[] }> = statePath && existsSync(statePath) ? (JSON.parse(readFileSync(statePath, 'utf8')) as never) : {};
const save = () => statePath && writeFileSync(statePath, JSON.stringify(sessions));

let nextId = 1;
const waiting = new Map<number, (result: Json) => void>();
const cancelled = new Set<string>();
const running = new Map<string, ChildProcess>();
const send = (message: Json): void => void process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
const ask = (method: string, params: Json) =>
  new Promise<Json>((resolve) => {
    const id = nextId++;
    waiting.set(id, resolve);
    send({ id, method, params });
  });
function update(sessionId: string, update: Json, keep = true): void {
  if (keep) sessions[sessionId]?.history.push(update);
  send({ method: 'session/update', params: { sessionId, update } });
}
const say = (sessionId: string, text: string, kind = 'agent_message_chunk') => {
  for (const piece of text.match(/[\s\S]{1,7}/g) ?? []) update(sessionId, { sessionUpdate: kind, content: { type: 'text', text: piece } });
};

const OPTIONS = [
  { optionId: 'yes-forever', name: 'Always allow', kind: 'allow_always' },
  { optionId: 'yes', name: 'Allow', kind: 'allow_once' },
  { optionId: 'no', name: 'Reject', kind: 'reject_once' },
  { optionId: 'never', name: 'Never', kind: 'reject_always' },
];

async function prompt(sessionId: string, text: string): Promise<Json> {
  sessions[sessionId]!.history.push({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text } });
  cancelled.delete(sessionId); // a stop belongs to the prompt it came in
  const [word = '', ...rest] = text.trim().split(/\s+/);
  const cwd = sessions[sessionId]!.cwd;
  switch (word) {
    case 'say':
      say(sessionId, rest.join(' '));
      break;
    case 'think':
      say(sessionId, 'Thinking it over first.', 'agent_thought_chunk');
      say(sessionId, 'Thought it through.');
      break;
    case 'write': {
      const [file = 'out.txt', ...words] = rest;
      const path = join(cwd, file);
      const toolCallId = `write-${nextId}`;
      const diff = { type: 'diff', path, oldText: existsSync(path) ? readFileSync(path, 'utf8') : null, newText: `${words.join(' ')}\n` };
      update(sessionId, {
        sessionUpdate: 'tool_call',
        toolCallId,
        title: 'I will just tidy things up',
        kind: 'edit',
        status: 'pending',
        locations: [{ path }],
        rawInput: { file_path: path, content: diff.newText },
        content: [diff],
      });
      const answer = await ask('session/request_permission', { sessionId, toolCall: { toolCallId }, options: OPTIONS });
      const outcome = (answer.outcome ?? {}) as Json;
      if (outcome.outcome === 'selected' && String(outcome.optionId).startsWith('yes')) {
        writeFileSync(path, diff.newText);
        update(sessionId, {
          sessionUpdate: 'tool_call_update',
          toolCallId,
          status: 'completed',
          content: [diff, { type: 'content', content: { type: 'text', text: `wrote ${file}` } }],
        });
        say(sessionId, `Wrote ${file}.`);
      } else {
        update(sessionId, { sessionUpdate: 'tool_call_update', toolCallId, status: 'failed' });
        if (outcome.outcome === 'cancelled') return { stopReason: 'cancelled' };
        say(sessionId, `You refused, so I did not write ${file}.`);
      }
      break;
    }
    case 'hush':
    case 'run': {
      const command = rest.join(' ');
      const toolCallId = `run-${nextId}`;
      update(sessionId, { sessionUpdate: 'tool_call', toolCallId, title: 'Run it', kind: 'execute', status: 'pending', rawInput: { command } });
      const answer = await ask('session/request_permission', { sessionId, toolCall: { toolCallId, rawInput: { command } }, options: OPTIONS });
      const outcome = (answer.outcome ?? {}) as Json;
      if (outcome.outcome !== 'selected' || !String(outcome.optionId).startsWith('yes')) {
        update(sessionId, { sessionUpdate: 'tool_call_update', toolCallId, status: 'failed' });
        return { stopReason: outcome.outcome === 'cancelled' || cancelled.has(sessionId) ? 'cancelled' : 'end_turn' };
      }
      // A stop that came with the answer, before the command started: it never starts.
      if (cancelled.delete(sessionId)) {
        if (word === 'run')
          update(sessionId, { sessionUpdate: 'tool_call_update', toolCallId, status: 'failed', content: [{ type: 'content', content: { type: 'text', text: 'stopped' } }] });
        return { stopReason: 'cancelled' };
      }
      update(sessionId, { sessionUpdate: 'tool_call_update', toolCallId, status: 'in_progress' });
      const child = spawn('sh', ['-c', command], { cwd, stdio: 'ignore' });
      running.set(sessionId, child);
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      running.delete(sessionId);
      if (cancelled.delete(sessionId)) {
        if (word === 'hush') return { stopReason: 'cancelled' };
        update(sessionId, { sessionUpdate: 'tool_call_update', toolCallId, status: 'failed', content: [{ type: 'content', content: { type: 'text', text: 'stopped' } }] });
        return { stopReason: 'cancelled' };
      }
      update(sessionId, { sessionUpdate: 'tool_call_update', toolCallId, status: code === 0 ? 'completed' : 'failed' });
      break;
    }
    case 'plan': {
      const entries = (done: number) =>
        ['Read the code', 'Change it', 'Run the tests'].map((content, i) => ({
          content,
          priority: 'medium',
          status: i < done ? 'completed' : i === done ? 'in_progress' : 'pending',
        }));
      for (const done of [0, 1, 3]) update(sessionId, { sessionUpdate: 'plan', entries: entries(done) });
      say(sessionId, 'Plan done.');
      break;
    }
    case 'commands':
      update(sessionId, {
        sessionUpdate: 'available_commands_update',
        availableCommands: [
          { name: 'init', description: 'Write an AGENTS.md' },
          { name: 'review', description: 'Review the changes' },
          { name: 'search', description: 'Search for something', input: { hint: 'what to find' } },
        ],
      });
      say(sessionId, 'Commands offered.');
      break;
    case 'flood': {
      const n = Number(rest[0] ?? 1000);
      for (let i = 0; i < n; i += 1) update(sessionId, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `${i} ` } }, false);
      say(sessionId, 'end of flood');
      // For the bench: when the last chunk left (the same clock as the reader's).
      if (process.env.COLLIE_TEST_ACP_MARK) appendFileSync(process.env.COLLIE_TEST_ACP_MARK, `${Date.now()}\n`);
      break;
    }
    case 'big':
      update(
        sessionId,
        {
          sessionUpdate: 'tool_call',
          toolCallId: `big-${nextId}`,
          title: 'Big',
          kind: 'read',
          status: 'completed',
          content: [{ type: 'content', content: { type: 'text', text: 'x'.repeat(50 * 1024 * 1024) } }],
        },
        false,
      );
      say(sessionId, 'Big output sent.');
      break;
    case 'garbage': {
      process.stdout.write('this is not json\n{"jsonrpc":"2.0","method":\n[1,2,3]\n');
      send({ method: 'no/such/notification', params: {} });
      send({ id: 999_999, result: { stray: true } });
      const toolCallId = `twice-${nextId}`;
      const id = nextId++;
      const first = new Promise<Json>((resolve) => waiting.set(id, resolve));
      send({ id, method: 'session/request_permission', params: { sessionId, toolCall: { toolCallId, kind: 'execute', rawInput: { command: 'echo first' } }, options: OPTIONS } });
      send({
        id,
        method: 'session/request_permission',
        params: { sessionId, toolCall: { toolCallId: `${toolCallId}-b`, kind: 'execute', rawInput: { command: 'echo second' } }, options: OPTIONS },
      });
      send({ id: nextId++, method: 'fs/read_text_file', params: { sessionId, path: '/etc/passwd' } });
      const answer = await first;
      say(sessionId, `The first request got ${JSON.stringify(answer.outcome ?? answer)}.`);
      break;
    }
    case 'refuse':
      return { stopReason: 'refusal' };
    case 'max':
      say(sessionId, 'So much to say');
      return { stopReason: 'max_tokens' };
    case 'crash':
      say(sessionId, 'About to crash.');
      setTimeout(() => process.exit(3), 50);
      return new Promise(() => {});
    default:
      say(sessionId, `You said: ${text}`);
  }
  save();
  return { stopReason: cancelled.delete(sessionId) ? 'cancelled' : 'end_turn' };
}

async function handle(id: number | string, method: string, params: Json): Promise<void> {
  if (method === 'initialize') {
    if (mode === 'no-init') return;
    return send({
      id,
      result: {
        protocolVersion: 1,
        agentCapabilities: { loadSession: mode !== 'no-load' },
        authMethods: [{ id: 'scripted-login', name: 'Scripted login' }],
        agentInfo: { name: 'scripted-acp', version: '1.0.0' },
      },
    });
  }
  if (method === 'session/new') {
    if (mode === 'login') return send({ id, error: { code: -32000, message: 'Authentication required' } });
    const sessionId = `s-${Date.now().toString(36)}-${nextId++}`;
    sessions[sessionId] = { cwd: String(params.cwd), history: [] };
    save();
    return send({ id, result: { sessionId } });
  }
  if (method === 'session/load') {
    const session = sessions[String(params.sessionId)];
    if (!session) return send({ id, error: { code: -32002, message: 'no such session' } });
    for (const past of session.history) update(String(params.sessionId), past, false);
    return send({ id, result: {} });
  }
  if (method === 'session/prompt') {
    const sessionId = String(params.sessionId);
    const text = Array.isArray(params.prompt) ? params.prompt.map((b: Json) => String(b.text ?? '')).join('') : '';
    return send({ id, result: await prompt(sessionId, text) });
  }
  send({ id, error: { code: -32601, message: `method not found: ${method}` } });
}

let buffered = '';
process.stdin.on('data', (chunk: Buffer) => {
  const lines = (buffered + chunk.toString('utf8')).split('\n');
  buffered = lines.pop() ?? '';
  for (const line of lines) {
    if (!line.trim()) continue;
    const message = JSON.parse(line) as Json;
    if (typeof message.method === 'string' && message.id !== undefined) void handle(message.id as number, message.method, (message.params ?? {}) as Json);
    else if (message.method === 'session/cancel') {
      const sessionId = String((message.params as Json).sessionId);
      cancelled.add(sessionId);
      running.get(sessionId)?.kill('SIGTERM');
    } else if (message.id !== undefined) {
      waiting.get(message.id as number)?.((message.result ?? { error: message.error }) as Json);
      waiting.delete(message.id as number);
    }
  }
});
process.stdin.on('end', () => process.exit(0));
