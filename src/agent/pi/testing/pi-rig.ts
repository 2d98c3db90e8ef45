/**
 * Test helper: the hooks and calls of a test file that runs the Pi entry point in this process
 * with the real Pi package. Only the model is scripted (an OpenAI-compatible server on 127.0.0.1,
 * configured in the test's own Pi home); everything goes over the agent's real socket, as the
 * bridge sends it. Read the fields inside tests.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExtensionFactory } from '@mariozechner/pi-coding-agent';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import type { Item, PermissionAsk } from '../../../wire/types';
import { tempDir, wireCall, type TempDir } from '../../testing';
import { openPiAgent, type PiAgent } from '../pi-agent';
import { PI_OFFLINE_ENV, SCRIPTED_KEY_ENV, writePiHome } from './pi-home';
import { startScriptedModel, type ScriptedModel, type ScriptRule } from './scripted-model';

export type ToolItem = Extract<Item, { kind: 'tool' }>;

export interface PiRig {
  model: ScriptedModel;
  dir: TempDir;
  /** The folder Pi works in (`<dir>/project`). */
  project: string;
  socket: string;
  agent: PiAgent;
  /** A fresh request id. */
  rid(): string;
  /** Closes the agent and opens it again on the same data (a restart), with these extensions. */
  restart(extensions?: ExtensionFactory[]): Promise<void>;
  newChat(): Promise<string>;
  send(paneId: string, text: string, extra?: object): ReturnType<typeof wireCall>;
  answer(paneId: string, ask: { id: string; revision: number }, optionId: string): ReturnType<typeof wireCall>;
  paneOf(paneId: string): NonNullable<ReturnType<PiAgent['collie']['state']['panes']['get']>>;
  itemsOf(paneId: string): Item[];
  openAsk(paneId: string): PermissionAsk | undefined;
  /** The pane's open card; `timeoutMs` for a reply whose size makes it slow to stream. */
  waitForAsk(paneId: string, timeoutMs?: number): Promise<PermissionAsk>;
  waitForIdle(paneId: string): Promise<void>;
  toolItems(paneId: string): ToolItem[];
  texts(paneId: string): string[];
}

export function piRigPerFile(script: ScriptRule[]): PiRig {
  let n = 0;
  const rid = () => `r-${Date.now().toString(36)}-${++n}`;
  const rig = {} as PiRig;
  const start = (extensions: ExtensionFactory[] = []) =>
    openPiAgent({ cwd: rig.project, socket: rig.socket, dataDir: join(rig.dir.path, 'data'), agentDir: join(rig.dir.path, 'pi-home'), extensions, log: () => {} });

  Object.assign(process.env, PI_OFFLINE_ENV);
  beforeAll(async () => {
    rig.model = await startScriptedModel(script);
  });
  afterAll(() => rig.model.close());
  beforeEach(async () => {
    process.env[SCRIPTED_KEY_ENV] = 'scripted-key-0123456789';
    rig.dir = await tempDir();
    rig.project = join(rig.dir.path, 'project');
    await mkdir(rig.project);
    await writePiHome(join(rig.dir.path, 'pi-home'), rig.model.baseUrl);
    rig.socket = join(rig.dir.path, 'run', 'pi.sock');
    rig.agent = await start();
  });
  afterEach(async () => {
    await rig.agent.close();
    await rig.dir.cleanup();
  });

  Object.assign(rig, {
    rid,
    async restart(extensions) {
      await rig.agent.close();
      rig.agent = await start(extensions);
    },
    async newChat() {
      const reply = await wireCall(rig.socket, 'POST', '/starter/new-chat', { requestId: rid() });
      expect(reply.status).toBe(200);
      return reply.json.paneId as string;
    },
    send: (paneId, text, extra = {}) => wireCall(rig.socket, 'POST', `/pane/${paneId}/send`, { requestId: rid(), text, turnId: rig.paneOf(paneId).turn?.id ?? null, ...extra }),
    answer: (paneId, ask, optionId) =>
      wireCall(rig.socket, 'POST', `/pane/${paneId}/answer`, { requestId: rid(), askId: ask.id, revision: ask.revision, answer: { optionIds: [optionId] } }),
    paneOf: (paneId) => rig.agent.collie.state.panes.get(paneId)!,
    itemsOf: (paneId) => rig.paneOf(paneId).conversation.record.items,
    openAsk: (paneId) => [...rig.paneOf(paneId).openAsks.values()][0]?.ask as PermissionAsk | undefined,
    waitForAsk: (paneId, timeoutMs = 10_000) => vi.waitFor(() => expect(rig.openAsk(paneId)).toBeDefined(), { timeout: timeoutMs }).then(() => rig.openAsk(paneId)!),
    waitForIdle: (paneId) => vi.waitFor(() => expect(rig.paneOf(paneId).turn?.state).not.toBe('running'), { timeout: 10_000 }),
    toolItems: (paneId) => rig.itemsOf(paneId).filter((i): i is ToolItem => i.kind === 'tool'),
    texts: (paneId) => rig.itemsOf(paneId).map((i) => ('text' in i ? i.text : '')),
  } satisfies Omit<PiRig, 'model' | 'dir' | 'project' | 'socket' | 'agent'>);
  return rig;
}
