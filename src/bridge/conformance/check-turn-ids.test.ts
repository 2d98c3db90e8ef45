import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentState } from '../../agent/agent-state';
import { Conversation } from '../../agent/conversations';
import { openCollie, type Collie } from '../../agent/kit';
import { tempDir, type TempDir } from '../../agent/testing';
import { runCheck } from './run-check';

const RULE = 'turns: a conversation closed and reopened, twice, never reuses a turn id';

let dir: TempDir | undefined;
let collie: Collie | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await collie?.close();
  await dir?.cleanup();
});

/** A kit agent that can send, stop, close and reopen; each turn runs until it is stopped. */
async function kitAgent(): Promise<string> {
  dir = await tempDir();
  const socket = join(dir.path, 'run', 'app.sock');
  collie = await openCollie({ socket, hostName: 'turns', caps: { send: true, abort: true, close: true, reopen: true, history: true }, log: () => {} });
  collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'P' });
  collie.handle({ send: ({ turn }) => new Promise<void>((done) => turn.signal.addEventListener('abort', () => done())) });
  collie.ready();
  return socket;
}

const outcome = async (socket: string) =>
  (await runCheck({ target: { kind: 'socket', path: socket }, writes: true, waitReadyMs: 2000 })).outcomes.find((o) => o.name === RULE)?.outcome;

describe('the check of turn ids across close and reopen', () => {
  it('passes the kit', async () => {
    expect(await outcome(await kitAgent())).toEqual({ status: 'ok' });
  });

  it('fails an agent that numbers a conversation’s turns from 1 in each pane that shows it (planted)', async () => {
    // The kit before turn ids lived with the conversation: counted by the pane that shows it, so from 1 after each reopen.
    const counts = new Map<string, number>();
    vi.spyOn(Conversation.prototype, 'nextTurnId').mockImplementation(function (this: Conversation) {
      const n = (counts.get(this.id) ?? 0) + 1;
      counts.set(this.id, n);
      return `t-${this.record.number}-${n}`;
    });
    const reopen = AgentState.prototype.reopen;
    vi.spyOn(AgentState.prototype, 'reopen').mockImplementation(function (this: AgentState, conversation: Conversation) {
      counts.delete(conversation.id);
      return reopen.call(this, conversation);
    });
    const found = await outcome(await kitAgent());
    expect(found).toMatchObject({ status: 'fail', why: expect.stringMatching(/^after reopen 2 the send's turn is "t-1-1", an id this conversation had before/) });
  });
});
