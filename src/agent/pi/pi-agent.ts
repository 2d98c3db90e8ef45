import { hostedTransport } from '../hosted-transport';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import type { AgentSession, ExtensionFactory, SettingsManager } from '@mariozechner/pi-coding-agent';
import { cleanField } from '../../wire/clean';
import { AskClosedError, openCollie, type Collie, type OpenCollieOptions, type PaneHandle } from '../kit';
import { PiBook } from './pi-book';
import { PiConversation } from './pi-conversation';
import { loadPi, type PiModule } from './load-pi';
import { phoneUi } from './pi-ui';
import { markInterrupted } from '../model-text';
import { ToolGate } from './tool-gate';
import { confinedReadTool } from './confined-read';
import { projectFilesAsk } from './project-card';
import { projectFiles } from './project-files';
import { ProjectTrust } from './project-trust';
import { piResources } from './pi-resources';

export interface OpenPiOptions {
  /** The project folder Pi works in (its tools read and write here). */
  cwd: string;
  /** The agent's name on the phone (default `pi`). */
  hostName?: string;
  /** Where the entry point keeps the conversations (the kit's data folder and its own small book). */
  dataDir: string;
  /** Pi's home (its settings, models, keys and sessions); default Pi's own (`PI_CODING_AGENT_DIR` or `~/.pi/agent`). */
  agentDir?: string;
  /** The transport, as `openCollie` takes it: a private socket, or a port behind a token. */
  socket?: string;
  port?: number;
  host?: string;
  tls?: OpenCollieOptions['tls'];
  tokens?: string[];
  /** More Pi extensions, beside the permission gate and those Pi finds in its home and the project. */
  extensions?: ExtensionFactory[];
  log?: (line: string) => void;
}

export interface PiAgent {
  readonly collie: Collie;
  /** The conversations shown now, by pane id. */
  readonly open: ReadonlyMap<string, PiConversation>;
  close(): Promise<void>;
}

const WORKSPACE = 'pi';
const TAB = 'chats';
const NEW_CHAT_TITLE = 'New chat';
/** A new chat takes its title from the first thing sent in it, this long at most. */
const TITLE_CHARS = 60;

/**
 * Runs Pi, the coding agent, as a durable agent: each Pi session is one conversation on the phone;
 * every tool call that can change anything waits for a permission card; Pi's own dialogs are cards;
 * sends, steers and stops reach Pi's run. Pi's model, keys and settings are Pi's own: the entry
 * point never reads or stores a model key (it asks Pi for one only to hide it in error text).
 */
export async function openPiAgent(options: OpenPiOptions, pi?: PiModule): Promise<PiAgent> {
  const sdk = pi ?? (await loadPi());
  const log = options.log ?? ((line: string) => console.error(line));
  const agentDir = options.agentDir ?? sdk.getAgentDir();
  const book = PiBook.open(options.dataDir);
  const collie = await openCollie({
    ...hostedTransport(options),
    hostName: options.hostName ?? 'pi',
    caps: { asks: true, starters: true, send: true, steer: true, abort: true, rename: true, close: true, history: true, reopen: true },
    dataDir: options.dataDir,
    log,
  });
  // Allow always outlives its card: offered on the private socket only, never over a token.
  const offerAlways = options.socket !== undefined;
  const tab = collie.workspace(WORKSPACE, { title: basename(options.cwd) || options.cwd }).tab(TAB, { title: 'Chats' });
  const open = new Map<string, PiConversation>();
  /** Sessions being opened, by pane: a send that comes first waits for its own. */
  const attaching = new Map<string, Promise<PiConversation>>();
  const trust = ProjectTrust.open(options.dataDir);
  const authStorage = sdk.AuthStorage.create(`${agentDir}/auth.json`);
  const modelRegistry = sdk.ModelRegistry.create(authStorage, `${agentDir}/models.json`);
  let secrets: string[] = [];

  /**
   * Whether Pi loads the project's `.pi/` files in a conversation: decided at once when there are
   * none or the person allowed these very files before (or refused them in this conversation), else
   * by the card it raises now, once answered. A card closed unanswered (a stop) loads none.
   */
  async function projectDecision(pane: PaneHandle): Promise<{ now: boolean } | { later: Promise<boolean> }> {
    const project = await projectFiles(options.cwd);
    if (project.files.length === 0 || trust.trusted(project.digest)) return { now: true };
    if (trust.refusedIn(pane.conversationId, project.digest)) return { now: false };
    const answered = pane.ask(projectFilesAsk(project)).then(
      ({ optionIds }) => {
        if (optionIds.includes('allow')) trust.trust(project.digest);
        else trust.refuse(pane.conversationId, project.digest);
        return optionIds.includes('allow');
      },
      (err: unknown) => {
        if (err instanceof AskClosedError) return false;
        throw err;
      },
    );
    return { later: answered };
  }

  /**
   * Opens (or resumes) a pane's Pi session in the background, known at once to a send that comes
   * first (it waits for it). Resolves once the session is open, or once the project's card is
   * raised when it needs one (the session opens after the answer).
   */
  async function openSession(pane: PaneHandle, sessionFile: string | undefined, then: (conversation: PiConversation) => void = () => {}): Promise<void> {
    let waitsForCard = false;
    let cardRaised: () => void = () => {};
    const raised = new Promise<void>((resolve) => (cardRaised = resolve));
    const opening = (async () => {
      const decision = await projectDecision(pane);
      if ('later' in decision) ((waitsForCard = true), cardRaised());
      const conversation = await attach(pane, sessionFile, 'now' in decision ? decision.now : await decision.later);
      then(conversation);
      return conversation;
    })();
    attaching.set(pane.id, opening);
    const settled = opening.finally(() => attaching.delete(pane.id));
    // Opened after the card is answered, nobody waits for it but a send: a failure is said here.
    settled.catch((err: unknown) => waitsForCard && log(openFailed(pane.conversationId, err)));
    await Promise.race([settled, raised]);
  }

  /** The Pi session behind a pane, with the permission gate and the phone's dialogs. */
  async function attach(pane: PaneHandle, sessionFile: string | undefined, withProject: boolean): Promise<PiConversation> {
    const gate = new ToolGate(pane, book, pane.conversationId, offerAlways, options.cwd);
    const gateExtension: ExtensionFactory = (api) => {
      api.on('tool_call', (event, ctx) => gate.check(event.toolCallId, event.toolName, event.input, ctx.signal));
    };
    const extensionFactories = [gateExtension, ...(options.extensions ?? [])];
    const { settingsManager, resourceLoader } = await piResources(sdk, { cwd: options.cwd, agentDir, dataDir: options.dataDir, extensionFactories, withProject });
    const sessionManager = sessionFile && existsSync(sessionFile) ? sdk.SessionManager.open(sessionFile) : sdk.SessionManager.create(options.cwd);
    const customTools = [confinedReadTool(sdk, options.cwd, gate)];
    const { session } = await sdk.createAgentSession({ cwd: options.cwd, agentDir, authStorage, modelRegistry, settingsManager, resourceLoader, sessionManager, customTools });
    await session.bindExtensions({ uiContext: phoneUi(pane) });
    const file = session.sessionFile;
    if (file) book.set(pane.conversationId, file);
    const model = session.model;
    if (model)
      void modelRegistry.getApiKeyForProvider(model.provider).then(
        (key) => (secrets = key ? [key] : []),
        () => {},
      );
    const conversation = new PiConversation(session, {
      pane,
      conversationId: pane.conversationId,
      book,
      gate,
      log,
      secrets: () => secrets,
      beforeRun: () => readyToRun(session, settingsManager),
    });
    open.set(pane.id, conversation);
    return conversation;
  }

  /**
   * Before each run, Pi's keys are read again; a session that started with no usable model (no
   * key then) takes Pi's default model once it has one, so the next send after a key is given works.
   */
  async function readyToRun(session: AgentSession, settingsManager: SettingsManager): Promise<void> {
    authStorage.reload();
    const provider = settingsManager.getDefaultProvider();
    const id = settingsManager.getDefaultModel();
    const current = session.model;
    if (!provider || !id || (current && current.provider !== 'unknown')) return;
    const model = modelRegistry.find(provider, id);
    if (model && modelRegistry.hasConfiguredAuth(model)) await session.setModel(model);
  }

  const internal = collie.state;
  const conversationOf = async (paneId: string) => {
    const conversation = open.get(paneId) ?? (await attaching.get(paneId));
    if (!conversation) throw new Error(`no Pi session is open in pane ${paneId}`);
    return conversation;
  };

  collie.handle({
    async send(context) {
      const pane = internal.panes.get(context.pane.id);
      // A new chat is named by the first thing sent in it, as Pi's own session list shows it.
      if (pane && pane.title === NEW_CHAT_TITLE) pane.setTitle(cleanField.title(context.text.split('\n', 1)[0]!.slice(0, TITLE_CHARS)).text || NEW_CHAT_TITLE);
      await (await conversationOf(context.pane.id)).send(context);
    },
    abort({ pane }) {
      open.get(pane.id)?.stopped();
    },
    rename({ target, id, title }) {
      if (target === 'pane') open.get(id)?.session.setSessionName(title);
    },
    close({ target, id }) {
      if (target !== 'pane') return;
      open.get(id)?.dispose('closed');
      open.delete(id);
    },
    reopen({ conversationId, pane }) {
      // The kit answers the reopen at once; a send that comes before Pi's session is open waits for it.
      void openSession(pane, book.get(conversationId)?.sessionFile, (conversation) => conversation.resumeDangling()).catch((err: unknown) => log(openFailed(conversationId, err)));
    },
  });
  collie.starter({ id: 'new-chat', label: NEW_CHAT_TITLE }, async () => {
    const pane = tab.pane(`chat-${randomUUID().slice(0, 8)}`, { title: NEW_CHAT_TITLE, harness: 'pi' });
    await openSession(pane, undefined);
    return pane;
  });

  // The conversations that were open when the agent stopped: their sessions resumed, their left-over tool calls settled.
  for (const kept of collie.conversations()) {
    if (kept.state !== 'open') continue;
    const pane = tab.pane(kept.paneId, { title: kept.title, harness: 'pi' });
    markInterrupted(collie, pane);
    await openSession(pane, book.get(kept.id)?.sessionFile, (conversation) => conversation.resumeDangling());
  }
  collie.ready();

  return {
    collie,
    open,
    async close() {
      for (const conversation of open.values()) conversation.dispose('agent-stopping');
      open.clear();
      await collie.close();
    },
  };
}

const openFailed = (conversationId: string, err: unknown) => `[agent] the Pi session of ${conversationId} did not open: ${err instanceof Error ? err.message : String(err)}`;
