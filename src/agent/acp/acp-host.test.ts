import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { wireCall } from '../testing';
import { acpRigPerFile } from './testing/acp-rig';

/**
 * The ACP host against the scripted ACP agent, a real child process under Bun speaking the
 * protocol on stdio: every update kind, every option kind, stop, load, a login, and what a
 * misbehaving agent sends. Everything the phone would do goes over the host's real socket.
 */
const rig = acpRigPerFile();
const { newChat, send, answer, stop, items, openAsk, waitForAsk, waitForIdle, texts } = rig;
/** Long enough for a loaded machine: each wait ends on the event it waits for. */
const WAIT = { timeout: 15_000 };
const kinds = (paneId: string) => items(paneId).map((i) => i.kind);

describe('an ACP agent as a durable agent', () => {
  it('streams a reply into one markdown item; thinking is a thinking item; a chat is named by its first send', async () => {
    await rig.start();
    const pane = await newChat();
    expect((await send(pane, 'say hello from the scripted agent')).json.status).toBe('accepted');
    await waitForIdle(pane);
    expect(items(pane).map((i) => [i.kind, 'text' in i ? i.text : ''])).toEqual([
      ['user', 'say hello from the scripted agent'],
      ['markdown', 'hello from the scripted agent'],
    ]);
    await send(pane, 'think');
    await waitForIdle(pane);
    expect(kinds(pane).slice(2)).toEqual(['user', 'thinking', 'markdown']);
    expect(rig.host.collie.state.panes.get(pane)?.title).toBe('say hello from the scripted agent');
  });

  it("a write is a card built from the call (kind, path, new text), not the agent's title; Allow writes it once, and the diff shows", async () => {
    await rig.start();
    const pane = await newChat();
    await send(pane, 'write notes.txt hello there');
    const card = await waitForAsk(pane);
    const path = join(rig.project, 'notes.txt');
    expect(card).toMatchObject({
      kind: 'permission',
      title: `edit ${path}`,
      tool: { name: 'edit', input: { changes: [{ path, newText: 'hello there\n' }], kind: 'edit' } },
    });
    expect(card.options.map((o) => [o.id, o.effect])).toEqual([
      ['allow', 'allow'],
      ['always', 'allow-always'],
      ['deny', 'deny'],
      ['never', 'deny'],
    ]);
    expect(card.reason).toContain('Always deny: the agent remembers the refusal');
    expect(existsSync(path)).toBe(false);
    expect((await answer(pane, card, 'allow')).json).toEqual({ outcome: 'taken' });
    await waitForIdle(pane);
    expect(await readFile(path, 'utf8')).toBe('hello there\n');
    const tool = items(pane).find((i) => i.kind === 'tool');
    expect(tool).toMatchObject({ name: 'edit', summary: path, status: 'done', output: 'wrote notes.txt' });
    const diff = items(pane).find((i) => i.kind === 'code');
    expect(diff).toMatchObject({ language: 'diff', text: expect.stringContaining('+hello there') });
    expect(texts(pane)).toContain('Wrote notes.txt.');
    expect((await answer(pane, card, 'allow')).json).toMatchObject({ code: 'decided' });
  });

  it('Deny and Always deny each reach the agent as its own option; the call reads denied and the agent is told', async () => {
    await rig.start();
    const pane = await newChat();
    for (const option of ['deny', 'never']) {
      await send(pane, 'write refused.txt no');
      await answer(pane, await waitForAsk(pane), option);
      await waitForIdle(pane);
    }
    expect(existsSync(join(rig.project, 'refused.txt'))).toBe(false);
    expect(
      items(pane)
        .filter((i) => i.kind === 'tool')
        .map((i) => (i.kind === 'tool' ? i.status : '')),
    ).toEqual(['denied', 'denied']);
    expect(texts(pane).filter((t) => t.startsWith('You refused'))).toHaveLength(2);
  });

  it('Stop on an open card answers it cancelled and ends the turn; Stop on a running command cancels it', async () => {
    await rig.start();
    const pane = await newChat();
    await send(pane, 'run sleep 30');
    await waitForAsk(pane);
    expect((await stop(pane)).json).toEqual({ status: 'stopped' });
    await waitForIdle(pane);
    expect(openAsk(pane)).toBeUndefined();
    expect(rig.host.collie.state.panes.get(pane)?.turn?.state).toBe('stopped');

    await send(pane, 'run sleep 30');
    await answer(pane, await waitForAsk(pane), 'allow');
    await vi.waitFor(() => expect(items(pane).findLast((i) => i.kind === 'tool')).toMatchObject({ status: 'running' }), WAIT);
    await stop(pane);
    await vi.waitFor(() => expect(items(pane).findLast((i) => i.kind === 'tool')).toMatchObject({ status: 'failed', output: 'stopped' }), WAIT);
    await send(pane, 'say still here');
    await waitForIdle(pane);
    expect(texts(pane).at(-1)).toBe('still here');
  });

  it('a call the agent never says is over after a stop reads as stopped, not running', async () => {
    await rig.start();
    const pane = await newChat();
    await send(pane, 'hush sleep 30');
    await answer(pane, await waitForAsk(pane), 'allow');
    await vi.waitFor(() => expect(items(pane).findLast((i) => i.kind === 'tool')).toMatchObject({ status: 'running' }), WAIT);
    await stop(pane);
    await vi.waitFor(() => expect(items(pane).findLast((i) => i.kind === 'tool')).toMatchObject({ status: 'failed', output: 'Stopped before it finished.' }), WAIT);
  });

  it('a plan is one checklist that updates in place; commands without input are belt buttons that send them', async () => {
    await rig.start();
    const pane = await newChat();
    await send(pane, 'plan');
    await waitForIdle(pane);
    const plans = items(pane).filter((i) => i.kind === 'markdown' && i.text.startsWith('**Plan**'));
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ text: '**Plan**\n\n- [x] Read the code\n- [x] Change it\n- [x] Run the tests' });
    await send(pane, 'commands');
    await waitForIdle(pane);
    const belt = rig.host.collie.state.panes.get(pane)!.belt;
    expect(belt).toEqual([
      { id: 'cmd-init', label: '/init' },
      { id: 'cmd-review', label: '/review' },
    ]);
    const turnId = rig.host.collie.state.panes.get(pane)!.turn!.id;
    expect((await wireCall(rig.socket, 'POST', `/pane/${pane}/action`, { requestId: rig.rid(), actionId: 'cmd-init', turnId })).status).toBe(200);
    await vi.waitFor(() => expect(texts(pane)).toContain('You said: /init'), WAIT);
  });

  it('a refusal and a token limit end the turn with words', async () => {
    await rig.start();
    const pane = await newChat();
    for (const text of ['refuse', 'max']) {
      await send(pane, text);
      await waitForIdle(pane);
    }
    expect(texts(pane).filter((t, i) => items(pane)[i]!.kind === 'notice')).toEqual([
      'The agent refused to go on with this request. What you sent is not part of its next turn.',
      'The agent stopped: it reached its limit of tokens for this turn.',
    ]);
  });
});

describe('what a misbehaving ACP agent sends', () => {
  it('10,000 chunks are one reply; a 50 MB tool output is cut to the wire; garbage is dropped with a line each; the host stays up', async () => {
    await rig.start();
    const pane = await newChat();
    await send(pane, 'flood 10000');
    await waitForIdle(pane);
    // Too long for markdown, the flood is one plain reply (cut at the item limit); its end comes as the next message.
    const replies = items(pane).filter((i) => i.kind === 'markdown' || i.kind === 'reply');
    expect(replies.map((i) => i.kind)).toEqual(['reply']);
    expect(replies[0]!.kind === 'reply' && replies[0]!.text.startsWith('0 1 2 3')).toBe(true);
    expect(replies[0]!.kind === 'reply' && replies[0]!.text.endsWith('end of flood')).toBe(true);

    await send(pane, 'big');
    await waitForIdle(pane);
    const big = items(pane).find((i) => i.kind === 'tool');
    expect(big?.kind === 'tool' && Buffer.byteLength(big.output ?? '')).toBeLessThanOrEqual(16384);
    expect(texts(pane)).toContain('Big output sent.');

    await send(pane, 'garbage');
    const card = await waitForAsk(pane);
    expect(card.tool?.input).toMatchObject({ command: 'echo first' });
    await answer(pane, card, 'deny');
    await waitForIdle(pane);
    expect(texts(pane).at(-1)).toBe('The first request got {"outcome":"selected","optionId":"no"}.');
    for (const said of [
      'a line from the agent that is not JSON was dropped',
      'a reply from the agent to nothing the host asked was dropped',
      'the agent reused a request id it still had open',
    ])
      expect(
        rig.logs.some((l) => l.includes(said)),
        said,
      ).toBe(true);
    expect((await wireCall(rig.socket, 'GET', '/hello')).status).toBe(200);
  });

  it('an agent that exits mid-prompt: the turn fails with words, its card closes, and it is started again with the chat', async () => {
    await rig.start();
    const pane = await newChat();
    await send(pane, 'say before');
    await waitForIdle(pane);
    await send(pane, 'crash');
    await waitForIdle(pane);
    expect(rig.host.collie.state.panes.get(pane)?.turn?.state).toBe('failed');
    expect(texts(pane).some((t) => t.startsWith('The agent did not finish this turn: the agent is gone: it exited with code 3'))).toBe(true);
    const stoppedAt = rig.logs.findIndex((l) => l.includes('the ACP agent stopped: it exited with code 3'));
    expect(stoppedAt).toBeGreaterThanOrEqual(0);
    await vi.waitFor(() => expect(rig.logs.slice(stoppedAt).some((l) => /speaks ACP .*pid/.test(l))).toBe(true), WAIT);
    const before = items(pane).length;
    // Sent right away, while the agent starts again: it waits for the conversation to be loaded.
    await send(pane, 'say after the crash');
    await vi.waitFor(() => expect(texts(pane).at(-1)).toBe('after the crash'), WAIT);
    // The load replayed the history into a chat that held it: nothing twice.
    expect(texts(pane).filter((t) => t === 'before')).toHaveLength(1);
    expect(items(pane).length).toBeGreaterThan(before);
  });

  it('an agent that never answers initialize: a new chat says so, and the host stays up', async () => {
    await rig.start('no-init');
    const pane = await newChat();
    await vi.waitFor(() => expect(texts(pane).some((t) => t.startsWith('The agent is not running: initialize had no answer within 3 s'))).toBe(true), WAIT);
    expect((await wireCall(rig.socket, 'GET', '/hello')).status).toBe(200);
  });

  it('an agent that needs a login says what to run, on the row and in a notice, never hangs', async () => {
    await rig.start('login', { loginHint: 'run scripted-login once on the computer' });
    const pane = await newChat();
    await vi.waitFor(() => expect(texts(pane)).toContain('The agent needs a login before it can work: run scripted-login once on the computer. Then start a new chat.'), WAIT);
    expect(rig.host.collie.state.panes.get(pane)?.title).toBe('Needs a login: run scripted-login once on the computer');
  });
});

describe('an ACP conversation across restarts', () => {
  it('the host restarts with a card open: the conversation comes back by session/load, no item twice, no dead card', async () => {
    await rig.start();
    const pane = await newChat();
    await send(pane, 'say first words');
    await waitForIdle(pane);
    await send(pane, 'write later.txt x');
    await waitForAsk(pane);
    const before = texts(pane);
    await rig.start(); // the host (and its agent) stop, and start again on the same data
    await vi.waitFor(() => expect(rig.host.collie.state.panes.get(pane)).toBeDefined(), WAIT);
    expect(openAsk(pane)).toBeUndefined();
    expect(texts(pane).slice(0, before.length)).toEqual(before);
    await send(pane, 'say back again');
    await waitForIdle(pane);
    expect(texts(pane).at(-1)).toBe('back again');
    expect(texts(pane).filter((t) => t === 'first words')).toHaveLength(1);
  });

  it('an agent that cannot load a session: the conversation is kept read-only with a notice saying why', async () => {
    await rig.start('no-load');
    const pane = await newChat();
    await send(pane, 'say kept');
    await waitForIdle(pane);
    const conversationId = rig.host.collie.state.panes.get(pane)!.conversation.id;
    await rig.start('no-load');
    await vi.waitFor(async () => {
      const history = await wireCall(rig.socket, 'GET', '/conversations');
      expect(history.json.conversations).toMatchObject([{ id: conversationId, state: 'closed' }]);
    }, WAIT);
    const kept = await wireCall(rig.socket, 'GET', `/conversation/${conversationId}/items`);
    expect(kept.json.items.map((i: { text?: string }) => i.text)).toContain(
      'This conversation is kept read-only: this agent cannot load a session again (it offers no session/load).',
    );
  });

  it('a closed conversation reopens with session/load, and the agent has its context', async () => {
    await rig.start();
    const pane = await newChat();
    await send(pane, 'say remember walnut');
    await waitForIdle(pane);
    const conversationId = rig.host.collie.state.panes.get(pane)!.conversation.id;
    await wireCall(rig.socket, 'POST', '/close', { requestId: rig.rid(), target: 'pane', id: pane });
    const reopened = await wireCall(rig.socket, 'POST', '/reopen', { requestId: rig.rid(), conversationId });
    const again = reopened.json.paneId as string;
    await send(again, 'say reopened');
    await waitForIdle(again);
    expect(texts(again).filter((t) => t === 'remember walnut')).toHaveLength(1);
    expect(texts(again).at(-1)).toBe('reopened');
    const state = JSON.parse(await readFile(join(rig.dir.path, 'agent-state.json'), 'utf8')) as Record<string, { history: unknown[] }>;
    expect(Object.values(state)[0]!.history.length).toBeGreaterThanOrEqual(4);
    await writeFile(join(rig.dir.path, 'unused'), '');
  });
});
