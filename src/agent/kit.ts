import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Answer, Ask, Caps, DecidedBy, Item } from '../wire/types';
import { AgentState, capsFrom, type TabModel, type WorkspaceModel } from './agent-state';
import { askIdFor } from './ask-id';
import { createWireServer } from './http-server';
import { PaneModel } from './pane-model';
import { prepareSocketPath, restrictSocket } from './socket-dir';

/** How long close() lets replies in flight finish. */
const CLOSE_GRACE_MS = 2000;

/** What an agent passes to raise an ask; the kit adds id, revision and times. */
export type AskSpec = DistributiveOmit<Exclude<Ask, { kind: 'unknown' }>, 'id' | 'revision' | 'createdAt' | 'shortened'> & {
  /** Seconds until the ask is decided by `timeout`. */
  expiresInSeconds?: number;
};

/** An item as an agent writes it; `at` defaults to now. */
export type ItemSpec = DistributiveOmit<Item, 'at'> & { at?: string };

/** An ask that closed without the phone's answer. */
export class AskClosedError extends Error {
  constructor(readonly decidedBy: Exclude<DecidedBy, 'phone'>) {
    super(`the ask was decided by ${decidedBy}`);
  }
}

export interface OpenCollieOptions {
  socket: string;
  hostName: string;
  runtime?: string;
  caps?: Partial<Caps>;
  log?: (line: string) => void;
}

export interface PaneHandle {
  readonly id: string;
  ask(spec: AskSpec): Promise<Answer>;
  item(spec: ItemSpec): void;
  /** Closes an open ask as decided in the agent (`program`). */
  decide(toolCallId: string): boolean;
}

export interface TabHandle {
  pane(id: string, init: { title: string; harness?: string }): PaneHandle;
}

export interface WorkspaceHandle {
  tab(id: string, init: { title: string }): TabHandle;
}

export interface Collie {
  readonly address: string;
  readonly state: AgentState;
  workspace(id: string, init: { title: string }): WorkspaceHandle;
  ready(): void;
  close(): Promise<void>;
}

/** Starts a durable agent on a private socket and returns the kit's building API. */
export async function openCollie(options: OpenCollieOptions): Promise<Collie> {
  const state = new AgentState(options.hostName, capsFrom(options.caps), options.runtime);
  const log = options.log ?? ((line: string) => console.error(line));
  // Node cannot read a Unix socket's peer credentials, so it cannot refuse its own children.
  log('[agent] Node cannot tell who connects to this socket, so any process of your user can answer its questions.');
  await prepareSocketPath(options.socket);
  const server = createWireServer(state, log);
  await listen(server, options.socket);
  await restrictSocket(options.socket);

  const paneHandle = (pane: PaneModel): PaneHandle => ({
    id: pane.id,
    ask: (spec) => raiseAsk(pane, spec),
    item: (spec) => {
      pane.putItem({ ...spec, at: spec.at ?? new Date().toISOString() } as Item);
    },
    decide: (toolCallId) => pane.closeAsk(askIdFor(pane.id, toolCallId), 'program', null),
  });

  const tabHandle = (tab: TabModel): TabHandle => ({
    pane(id, init) {
      const existing = state.panes.get(id);
      if (existing) return paneHandle(existing);
      const pane = new PaneModel(id, { ...init, conversationId: `c-${randomUUID()}` }, state.bump);
      tab.panes.set(id, pane);
      state.panes.set(id, pane);
      state.bump();
      return paneHandle(pane);
    },
  });

  return {
    address: options.socket,
    state,
    workspace(id, init) {
      let ws: WorkspaceModel | undefined = state.workspaces.get(id);
      if (!ws) {
        ws = { id, title: init.title, tabs: new Map() };
        state.workspaces.set(id, ws);
        state.bump();
      }
      const workspace = ws;
      return {
        tab(tabId, tabInit) {
          let tab = workspace.tabs.get(tabId);
          if (!tab) {
            tab = { id: tabId, title: tabInit.title, panes: new Map() };
            workspace.tabs.set(tabId, tab);
            state.bump();
          }
          return tabHandle(tab);
        },
      };
    },
    ready() {
      state.ready = true;
    },
    async close() {
      for (const pane of state.panes.values()) {
        for (const open of pane.openAsks.values()) if (open.timer) clearTimeout(open.timer);
      }
      // Replies in flight (such as the one that answered the last ask) still go out.
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
      });
    },
  };
}

function raiseAsk(pane: PaneModel, spec: AskSpec): Promise<Answer> {
  const { expiresInSeconds, ...rest } = spec;
  const id = askIdFor(pane.id, spec.toolCallId);
  if (pane.openAsks.has(id)) return Promise.reject(new Error(`an ask for tool call ${spec.toolCallId} is already open`));
  const now = Date.now();
  const ask = { ...rest, id, revision: 1, createdAt: new Date(now).toISOString() } as Ask;
  if (expiresInSeconds !== undefined) ask.expiresAt = new Date(now + expiresInSeconds * 1000).toISOString();
  return new Promise<Answer>((resolve, reject) => {
    const open = {
      ask,
      settle: (result: { answer: Answer } | { decidedBy: DecidedBy }) => {
        if ('answer' in result) resolve(result.answer);
        else reject(new AskClosedError(result.decidedBy === 'phone' ? 'program' : result.decidedBy));
      },
    } as Parameters<PaneModel['openAsk']>[0];
    if (expiresInSeconds !== undefined) {
      open.timer = setTimeout(() => pane.closeAsk(id, 'timeout', null), expiresInSeconds * 1000);
    }
    pane.openAsk(open);
  });
}

function listen(server: Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
