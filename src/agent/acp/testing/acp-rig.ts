/**
 * Test helper: the hooks and calls of a test file that runs the ACP host in this process against
 * the scripted ACP agent (scripted-acp-agent.ts) as its real child under Bun. Everything goes over
 * the host's real socket, as the bridge sends it. Read the fields inside tests.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { Item, PermissionAsk } from '../../../wire/types';
import { tempDir, wireCall, type TempDir } from '../../testing';
import { openAcpAgent, type AcpAgent, type OpenAcpOptions } from '../acp-host';

export const SCRIPTED_ACP_AGENT = fileURLToPath(new URL('./scripted-acp-agent.ts', import.meta.url));
export const BUN = fileURLToPath(new URL('../../../../node_modules/.bin/bun', import.meta.url));

export interface AcpRig {
  dir: TempDir;
  project: string;
  socket: string;
  host: AcpAgent;
  logs: string[];
  /** Opens the host (again, on the same data: a restart), the scripted agent in `mode`. */
  start(mode?: string, more?: Partial<OpenAcpOptions>): Promise<void>;
  rid(): string;
  newChat(): Promise<string>;
  send(paneId: string, text: string): ReturnType<typeof wireCall>;
  answer(paneId: string, ask: { id: string; revision: number }, optionId: string): ReturnType<typeof wireCall>;
  stop(paneId: string): ReturnType<typeof wireCall>;
  items(paneId: string): Item[];
  openAsk(paneId: string): PermissionAsk | undefined;
  waitForAsk(paneId: string): Promise<PermissionAsk>;
  waitForIdle(paneId: string): Promise<void>;
  texts(paneId: string): string[];
}

export function acpRigPerFile(): AcpRig {
  let n = 0;
  const rig = { logs: [] as string[] } as AcpRig;
  beforeEach(async () => {
    rig.dir = await tempDir();
    rig.project = join(rig.dir.path, 'project');
    await mkdir(rig.project);
    rig.socket = join(rig.dir.path, 'run', 'acp.sock');
    rig.logs = [];
  });
  afterEach(async () => {
    await rig.host?.close();
    await rig.dir.cleanup();
  });
  const paneOf = (paneId: string) => rig.host.collie.state.panes.get(paneId);
  Object.assign(rig, {
    async start(mode = '', more = {}) {
      await rig.host?.close();
      rig.host = await openAcpAgent({
        agent: {
          command: BUN,
          args: [SCRIPTED_ACP_AGENT],
          env: { ...process.env, COLLIE_TEST_ACP_MODE: mode, COLLIE_TEST_ACP_STATE: join(rig.dir.path, 'agent-state.json') },
          requestMs: 3000,
        },
        cwd: rig.project,
        dataDir: join(rig.dir.path, 'data'),
        socket: rig.socket,
        hostName: 'scripted',
        log: (line) => rig.logs.push(line),
        ...more,
      });
    },
    rid: () => `r-${Date.now().toString(36)}-${++n}`,
    async newChat() {
      const reply = await wireCall(rig.socket, 'POST', '/starter/new-chat', { requestId: rig.rid() });
      expect(reply.status).toBe(200);
      return reply.json.paneId as string;
    },
    send: (paneId, text) => wireCall(rig.socket, 'POST', `/pane/${paneId}/send`, { requestId: rig.rid(), text, turnId: paneOf(paneId)?.turn?.id ?? null }),
    answer: (paneId, ask, optionId) =>
      wireCall(rig.socket, 'POST', `/pane/${paneId}/answer`, { requestId: rig.rid(), askId: ask.id, revision: ask.revision, answer: { optionIds: [optionId] } }),
    stop: (paneId) => wireCall(rig.socket, 'POST', `/pane/${paneId}/abort`, { requestId: rig.rid(), turnId: paneOf(paneId)?.turn?.id ?? null }),
    items: (paneId) => paneOf(paneId)?.conversation.record.items ?? [],
    openAsk: (paneId) => [...(paneOf(paneId)?.openAsks.values() ?? [])][0]?.ask as PermissionAsk | undefined,
    waitForAsk: (paneId) => vi.waitFor(() => expect(rig.openAsk(paneId)).toBeDefined(), { timeout: 15_000 }).then(() => rig.openAsk(paneId)!),
    waitForIdle: (paneId) => vi.waitFor(() => expect(paneOf(paneId)?.turn?.state).not.toBe('running'), { timeout: 15_000 }),
    texts: (paneId) => rig.items(paneId).map((i) => ('text' in i ? i.text : '')),
  } satisfies Omit<AcpRig, 'dir' | 'project' | 'socket' | 'host' | 'logs'>);
  return rig;
}
