import { hostedTransport } from '../hosted-transport';
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { cleanField } from '../../wire/clean';
import { isRecord } from '../../wire/read';
import { openCollie, type Collie, type OpenCollieOptions, type PaneHandle } from '../kit';
import { markInterrupted } from '../model-text';
import { AcpBook } from './acp-book';
import { AcpChat, type AcpLink } from './acp-chat';
import { startAcpProcess, type AcpCommand, type AcpProcess } from './acp-process';
import { RpcError } from './json-rpc';

export interface OpenAcpOptions {
  /** The ACP agent's command, its arguments and environment (its own keys and logins stay its own); `requestMs` for tests. */
  agent: Omit<AcpCommand, 'cwd'>;
  /** The project folder: every session is made there. */
  cwd: string;
  /** The agent's name on the phone (default `acp`). */
  hostName?: string;
  /** What to tell the person when the agent needs a login (`run claude once on the computer to log in`). */
  loginHint?: string;
  /** Where the host keeps its sessions and the kit its conversations. */
  dataDir: string;
  /** The transport, as `openCollie` takes it: a private socket, or a port behind a token. */
  socket?: string;
  port?: number;
  host?: string;
  tls?: OpenCollieOptions['tls'];
  tokens?: string[];
  log?: (line: string) => void;
}

export interface AcpAgent {
  readonly collie: Collie;
  /** The conversations shown now, by pane id. */
  readonly chats: ReadonlyMap<string, AcpChat>;
  /** The ACP agent's process id while it runs. */
  readonly agentPid: number | undefined;
  close(): Promise<void>;
}

const NEW_CHAT_TITLE = 'New chat';
const TITLE_CHARS = 60;
/** The agent is started again after it exits, waiting longer each time up to this. */
const RESTART_MAX_MS = 30_000;
/** ACP's error code for "authentication required". */
const AUTH_REQUIRED = -32000;

/**
 * Any Agent Client Protocol agent as a durable agent (README "Supervise any coding agent"): the
 * host starts the ACP agent as its child and is its client; one ACP session is one conversation.
 * New chat is `session/new` in the folder; the agent's permission requests are cards; when the
 * agent or the host restarts, open conversations come back with `session/load` where the agent
 * supports it (else they close, read-only, with a notice saying why).
 */
export async function openAcpAgent(options: OpenAcpOptions): Promise<AcpAgent> {
  const log = options.log ?? ((line: string) => console.error(line));
  const book = AcpBook.open(options.dataDir);
  const collie = await openCollie({
    ...hostedTransport(options),
    hostName: options.hostName ?? 'acp',
    caps: { asks: true, starters: true, send: true, abort: true, rename: true, close: true, history: true, reopen: true, actions: true },
    dataDir: options.dataDir,
    log,
  });
  const tab = collie.workspace('acp', { title: basename(options.cwd) || options.cwd }).tab('chats', { title: 'Chats' });
  const chats = new Map<string, AcpChat>();
  const bySession = new Map<string, AcpChat>();
  /** Chats being opened, by pane: a send that comes first waits for its own. */
  const opening = new Map<string, Promise<AcpChat | null>>();
  const command: AcpCommand = { ...options.agent, cwd: options.cwd };
  const chatDeps = { link: (): AcpLink | null => running?.peer ?? null, offerAlways: options.socket !== undefined, log };
  let running: AcpProcess | null = null;
  let starting: Promise<AcpProcess | null> | null = null;
  let lastProblem = 'the agent has not started yet';
  let closed = false;
  let restartMs = 1000;
  let restartTimer: ReturnType<typeof setTimeout> | undefined;

  /** The running agent, started when it is not (one start at a time); null, with the reason kept, when it does not start. */
  function agent(): Promise<AcpProcess | null> {
    if (running) return Promise.resolve(running);
    starting ??= startAcpProcess(
      command,
      {
        request: (_method, params) => {
          const chat = isRecord(params) && typeof params.sessionId === 'string' ? bySession.get(params.sessionId) : undefined;
          if (!chat || !isRecord(params)) return Promise.resolve({ outcome: { outcome: 'cancelled' } });
          return chat.permission(params);
        },
        notification: (method, params) => {
          if (method !== 'session/update' || !isRecord(params) || typeof params.sessionId !== 'string' || !isRecord(params.update)) return;
          bySession.get(params.sessionId)?.update(params.update);
        },
      },
      log,
    ).then(
      (started) => {
        running = started;
        starting = null;
        restartMs = 1000;
        log(
          `[agent] ${options.agent.command} speaks ACP${started.info.name ? ` (${started.info.name}${started.info.version ? ` ${started.info.version}` : ''})` : ''}, pid ${started.pid}`,
        );
        void started.exited.then((why) => gone(started, why));
        heard(started);
        return started;
      },
      (err: unknown) => {
        starting = null;
        lastProblem = err instanceof Error ? err.message : String(err);
        log(`[agent] the ACP agent did not start: ${lastProblem}`);
        heard(null);
        if (!closed) startAgain();
        return null;
      },
    );
    return starting;
  }

  /** Who waits for the agent's next start, and what it came to: the process, or null (it did not start). */
  let nextStart: ((started: AcpProcess | null) => void)[] = [];
  const afterNextStart = () => new Promise<AcpProcess | null>((resolve) => nextStart.push(resolve));
  function heard(started: AcpProcess | null): void {
    const waiting = nextStart;
    nextStart = [];
    for (const resolve of waiting) resolve(started);
    // A conversation the agent lost (it exited, and a start since failed) is loaded again with this one.
    if (started) for (const chat of chats.values()) if (!bySession.has(chat.sessionId) && !opening.has(chat.pane.id)) void open(chat.pane, () => load(chat.pane, chat.sessionId));
  }

  /** The agent exited: its cards close, its turns end, and it starts again; a send meanwhile waits for the conversation to load. */
  function gone(process: AcpProcess, why: string): void {
    if (running !== process) return;
    running = null;
    lastProblem = `the agent stopped (${why})`;
    if (closed) return;
    log(`[agent] the ACP agent stopped: ${why}; starting it again`);
    for (const chat of chats.values()) {
      chat.agentGone(`the agent stopped (${why}).`);
      chat.note(`The agent stopped (${why}). It is started again, and this conversation comes back with it.`);
      bySession.delete(chat.sessionId);
      void open(chat.pane, () => afterNextStart().then((back) => (back ? load(chat.pane, chat.sessionId) : failOpen(chat.pane, `The agent did not start again: ${lastProblem}.`))));
    }
    startAgain();
  }

  /** Starts the agent again after a wait that doubles each time it fails, up to RESTART_MAX_MS. */
  function startAgain(): void {
    clearTimeout(restartTimer);
    restartTimer = setTimeout(() => void agent(), restartMs);
    restartMs = Math.min(RESTART_MAX_MS, restartMs * 2);
  }

  /** A new session in the folder, for a new chat. */
  async function newSession(pane: PaneHandle): Promise<AcpChat | null> {
    const process = await agent();
    if (!process) return failOpen(pane, `The agent is not running: ${lastProblem}.`);
    let reply: unknown;
    try {
      reply = await process.peer.request('session/new', { cwd: options.cwd, mcpServers: [] });
    } catch (err) {
      if (err instanceof RpcError && err.code === AUTH_REQUIRED) return needsLogin(pane, process);
      return failOpen(pane, `The agent did not start a session: ${err instanceof Error ? err.message : String(err)}`);
    }
    const sessionId = isRecord(reply) && typeof reply.sessionId === 'string' && reply.sessionId.length <= 256 ? reply.sessionId : null;
    if (!sessionId) return failOpen(pane, 'The agent did not start a session: its answer named no session.');
    book.set(pane.conversationId, sessionId);
    return register(pane, sessionId);
  }

  /** An open conversation's session, loaded again (after a restart, or a reopen). */
  async function load(pane: PaneHandle, sessionId: string): Promise<AcpChat | null> {
    const process = await agent();
    if (!process) return failOpen(pane, `The agent is not running: ${lastProblem}.`);
    if (!process.info.loadSession) return readOnly(pane, 'this agent cannot load a session again (it offers no session/load)');
    const chat = chats.get(pane.id) ?? register(pane, sessionId);
    bySession.set(sessionId, chat);
    // A chat that holds its items already: the history the agent replays is not drawn again.
    chat.replaying = pane.itemCount > 0;
    try {
      await process.peer.request('session/load', { sessionId, cwd: options.cwd, mcpServers: [] });
      return chat;
    } catch (err) {
      if (err instanceof RpcError && err.code === AUTH_REQUIRED) return needsLogin(pane, process);
      return readOnly(pane, `the agent did not load it (${err instanceof Error ? err.message : String(err)})`);
    } finally {
      chat.replaying = false;
      chat.flush();
    }
  }

  function register(pane: PaneHandle, sessionId: string): AcpChat {
    const chat = new AcpChat(pane, sessionId, chatDeps);
    chats.set(pane.id, chat);
    bySession.set(sessionId, chat);
    return chat;
  }

  function failOpen(pane: PaneHandle, words: string): null {
    pane.item({ id: `n-${randomUUID().slice(0, 12)}`, kind: 'notice', text: cleanField.itemText(words).text });
    return null;
  }

  function needsLogin(pane: PaneHandle, process: AcpProcess): null {
    const how = options.loginHint ?? `log in with the agent itself on the computer${process.info.authMethods.length ? ` (it offers: ${process.info.authMethods.join(', ')})` : ''}`;
    collie.state.panes.get(pane.id)?.setTitle(cleanField.title(`Needs a login: ${how}`).text);
    return failOpen(pane, `The agent needs a login before it can work: ${how}. Then start a new chat.`);
  }

  function readOnly(pane: PaneHandle, why: string): null {
    failOpen(pane, `This conversation is kept read-only: ${why}.`);
    chats.delete(pane.id);
    pane.close();
    return null;
  }

  /** Opens a pane's chat in the background; a send that comes first waits for it. */
  function open(pane: PaneHandle, how: () => Promise<AcpChat | null>): Promise<AcpChat | null> {
    const promise = how().catch((err: unknown) => failOpen(pane, `The conversation did not open: ${err instanceof Error ? err.message : String(err)}`));
    opening.set(pane.id, promise);
    void promise.finally(() => opening.delete(pane.id));
    return promise;
  }

  // A chat being opened (or loaded again) is waited for: what the agent replays meanwhile is not this send's.
  const chatOf = async (paneId: string) => (await opening.get(paneId)) ?? chats.get(paneId) ?? null;

  collie.handle({
    async send({ pane, text, turn }) {
      const model = collie.state.panes.get(pane.id);
      if (model && model.title === NEW_CHAT_TITLE) model.setTitle(cleanField.title(text.split('\n', 1)[0]!.slice(0, TITLE_CHARS)).text || NEW_CHAT_TITLE);
      const chat = await chatOf(pane.id);
      if (!chat) return void failOpen(pane, 'Not sent: this conversation has no session with the agent. Start a new chat.');
      await chat.prompt(text, turn);
    },
    abort({ pane }) {
      chats.get(pane.id)?.stop();
    },
    async action({ pane, actionId }) {
      const chat = chats.get(pane.id);
      const text = chat?.commandText(actionId);
      if (!chat || !text) return;
      if (collie.state.panes.get(pane.id)?.running) return void chat.note(`${text} runs once the turn ends: tap it again then.`);
      const turn = pane.startTurn();
      void chat.prompt(text, turn).finally(() => turn.end());
    },
    close({ target, id }) {
      if (target !== 'pane') return;
      const chat = chats.get(id);
      chat?.stop();
      chats.delete(id);
      if (chat) bySession.delete(chat.sessionId);
    },
    reopen({ conversationId, pane }) {
      const sessionId = book.sessionOf(conversationId);
      void open(pane, () => (sessionId ? load(pane, sessionId) : Promise.resolve(readOnly(pane, 'the host holds no session for it'))));
    },
  });
  collie.starter({ id: 'new-chat', label: NEW_CHAT_TITLE }, () => {
    const pane = tab.pane(`chat-${randomUUID().slice(0, 8)}`, { title: NEW_CHAT_TITLE, harness: 'acp' });
    void open(pane, () => newSession(pane));
    return pane;
  });

  // The conversations open when the host stopped: shown again, and loaded once the agent is up.
  for (const kept of collie.conversations()) {
    if (kept.state !== 'open') continue;
    const pane = tab.pane(kept.paneId, { title: kept.title, harness: 'acp' });
    markInterrupted(collie, pane);
    const sessionId = book.sessionOf(kept.id);
    void open(pane, () => (sessionId ? load(pane, sessionId) : Promise.resolve(readOnly(pane, 'the host holds no session for it'))));
  }
  collie.ready();
  void agent();

  return {
    collie,
    chats,
    get agentPid() {
      return running?.pid;
    },
    async close() {
      closed = true;
      clearTimeout(restartTimer);
      for (const chat of chats.values()) chat.agentGone('the host stopped.');
      const process = running ?? (await starting);
      running = null;
      await process?.stop();
      await collie.close();
    },
  };
}
