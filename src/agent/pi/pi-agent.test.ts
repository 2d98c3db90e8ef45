import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { wireCall } from '../testing';
import { BIG_BYTES, CODING_SCRIPT, GO_FILE, SAY } from './testing/coding-script';
import { writePiHome } from './testing/pi-home';
import { piRigPerFile } from './testing/pi-rig';
import { textOf } from './testing/scripted-model';
import { INTERRUPTED_TEXT } from './pi-conversation';
import { REFUSED_REASON } from './tool-gate';

/**
 * The Pi entry point with the real Pi package: only the model is scripted (pi-rig.ts). Everything
 * goes over the wire on the agent's real socket, as the bridge sends it.
 */
const rig = piRigPerFile(CODING_SCRIPT);
const { rid, newChat, send, answer, paneOf, itemsOf, openAsk, waitForAsk, waitForIdle, toolItems, texts } = rig;

describe('Pi as a durable agent', () => {
  it('asks before write, with a card built from the tool and its path; Allow writes the file and the chat shows the call done', async () => {
    const pane = await newChat();
    expect((await send(pane, SAY.write)).json.status).toBe('accepted');
    const ask = await waitForAsk(pane);
    expect(ask).toMatchObject({ kind: 'permission', title: 'write hello.txt', tool: { name: 'write', input: { path: 'hello.txt', content: 'hi' } } });
    expect(ask.options.map((o) => o.effect)).toEqual(['allow', 'allow-always', 'deny']);
    expect(ask.reason).toMatch(/^Allow always lets write run without asking/);
    expect(JSON.stringify(ask)).not.toContain("I'll create"); // the model's words are never the card's
    expect(existsSync(join(rig.project, 'hello.txt'))).toBe(false);
    expect((await answer(pane, ask, 'allow')).json).toEqual({ outcome: 'taken' });
    await waitForIdle(pane);
    expect(await readFile(join(rig.project, 'hello.txt'), 'utf8')).toBe('hi');
    expect(toolItems(pane)).toMatchObject([{ name: 'write', summary: 'hello.txt', status: 'done' }]);
    expect(texts(pane)).toEqual([SAY.write, "I'll create hello.txt.", '', 'Created hello.txt.']);
    expect(paneOf(pane).title).toBe(SAY.write);
  });

  it('Deny blocks the call, the model is told, and the tool item says denied', async () => {
    const pane = await newChat();
    await send(pane, SAY.write);
    await answer(pane, await waitForAsk(pane), 'deny');
    await waitForIdle(pane);
    expect(existsSync(join(rig.project, 'hello.txt'))).toBe(false);
    expect(toolItems(pane)).toMatchObject([{ name: 'write', status: 'denied', output: REFUSED_REASON }]);
    expect(texts(pane)).toContain('You refused, so I did not create hello.txt.');
    expect(textOf(rig.model.requests.at(-1)!.at(-1))).toBe(REFUSED_REASON);
  });

  it('Allow always lets that tool run without a card for the rest of the chat', async () => {
    const pane = await newChat();
    await send(pane, SAY.write);
    await answer(pane, await waitForAsk(pane), 'always');
    await waitForIdle(pane);
    await writeFile(join(rig.project, 'hello.txt'), 'changed');
    await send(pane, SAY.write);
    await waitForIdle(pane);
    expect(await readFile(join(rig.project, 'hello.txt'), 'utf8')).toBe('hi');
    expect(toolItems(pane).map((t) => t.status)).toEqual(['done', 'done']);
    // Another chat asks again: allow always is per chat.
    const other = await newChat();
    await send(other, SAY.write);
    expect((await waitForAsk(other)).tool?.name).toBe('write');
  });

  it('cuts a tool argument of over a megabyte on the card and withholds Allow always', async () => {
    const pane = await newChat();
    await send(pane, SAY.big);
    // Every megabyte streamed costs Pi and the kit seconds on a loaded machine (docs/performance.md).
    const ask = await waitForAsk(pane, 45_000);
    expect(ask.options.map((o) => o.id)).toEqual(['allow', 'deny']);
    expect(Buffer.byteLength((ask.tool!.input as { content: string }).content)).toBeLessThan(8192);
    expect(BIG_BYTES).toBeGreaterThan(1024 * 1024);
  });

  it('a model error is a notice with its reason; the agent stays up and the next send tries again', async () => {
    const pane = await newChat();
    await send(pane, SAY.fail);
    await waitForIdle(pane);
    await vi.waitFor(() => expect(texts(pane).some((t) => t.startsWith('The model did not answer') && t.includes('scripted outage'))).toBe(true));
    await send(pane, 'hello again');
    await waitForIdle(pane);
    expect(texts(pane)).toContain('I heard: hello again');
  });

  it('no model key: a notice with Pi’s reason, never a key; the agent stays up and the next send tries again', async () => {
    await writePiHome(join(rig.dir.path, 'pi-home'), rig.model.baseUrl, { withKey: false });
    await rig.restart();
    const pane = await newChat();
    const asked = rig.model.requests.length;
    for (const text of ['hello', 'hello again']) {
      await send(pane, text);
      await waitForIdle(pane);
    }
    const notices = itemsOf(pane).filter((i) => i.kind === 'notice');
    expect(notices.map((i) => ('text' in i ? i.text : ''))).toEqual(Array(2).fill('The model did not answer: No API key found for the selected model.'));
    expect(rig.model.requests).toHaveLength(asked); // Pi never reached for a model it has no key for
  });

  it('steer reaches the running tool call’s next step; stop ends the turn and closes its card', async () => {
    const pane = await newChat();
    await send(pane, SAY.long);
    await answer(pane, await waitForAsk(pane), 'allow');
    await vi.waitFor(() => expect(toolItems(pane)[0]?.status).toBe('running'));
    expect((await send(pane, 'also print the date', { steer: true })).json.status).toBe('steered');
    await writeFile(join(rig.project, GO_FILE), '');
    const second = await vi.waitFor(
      () => {
        const ask = openAsk(pane);
        expect(ask?.title).toBe('bash sleep 60 && echo never');
        return ask!;
      },
      { timeout: 10_000 },
    );
    expect(texts(pane)).toContain('Steered: also print the date');
    const turnId = paneOf(pane).turn!.id;
    expect((await wireCall(rig.socket, 'POST', `/pane/${pane}/abort`, { requestId: rid(), turnId })).json).toEqual({ status: 'stopped' });
    expect(paneOf(pane).decided.get(second.id)?.decidedBy).toBe('program');
    await vi.waitFor(() => expect(toolItems(pane).at(-1)?.status).toBe('failed'));
    expect(texts(pane).some((t) => t.startsWith('Stopped on the phone'))).toBe(true);
    expect(paneOf(pane).turn?.state).toBe('stopped');
  });

  it('a closed chat is in history with its items; reopened, Pi resumes that session', async () => {
    const pane = await newChat();
    await send(pane, 'remember the word walnut');
    await waitForIdle(pane);
    const conversationId = paneOf(pane).conversation.id;
    // Rename names Pi's own session (as Pi's session list shows it), besides the chat.
    expect((await wireCall(rig.socket, 'POST', '/rename', { requestId: rid(), target: 'pane', id: pane, title: 'Walnut' })).status).toBe(200);
    expect(rig.agent.open.get(pane)!.session.sessionName).toBe('Walnut');
    expect((await wireCall(rig.socket, 'POST', '/close', { requestId: rid(), target: 'pane', id: pane })).status).toBe(200);
    const history = await wireCall(rig.socket, 'GET', '/conversations');
    expect(history.json.conversations).toMatchObject([{ id: conversationId, title: 'Walnut', state: 'closed' }]);
    const items = await wireCall(rig.socket, 'GET', `/conversation/${conversationId}/items`);
    expect(items.json.items.map((i: { text?: string }) => i.text)).toEqual(['remember the word walnut', 'I heard: remember the word walnut']);
    const reopened = await wireCall(rig.socket, 'POST', '/reopen', { requestId: rid(), conversationId });
    const again = reopened.json.paneId as string;
    await send(again, 'what was the word?');
    await waitForIdle(again);
    expect(texts(again)).toContain('I heard: what was the word?');
    // The model got the whole session: the earlier exchange came from Pi's own session file.
    expect(rig.model.requests.at(-1)!.map(textOf).filter(Boolean).slice(1)).toEqual(['remember the word walnut', 'I heard: remember the word walnut', 'what was the word?']);
  });

  it("Pi's own dialogs are cards: an extension's confirm is a choice card, and its answer reaches the extension", async () => {
    const confirmed: boolean[] = [];
    await rig.restart([
      (api) =>
        api.on('tool_call', async (event, ctx) => {
          if (event.toolName !== 'write') return undefined;
          const ok = await ctx.ui.confirm('Really write?', `It writes ${String((event.input as { path: string }).path)}.`);
          confirmed.push(ok);
          return ok ? undefined : { block: true, reason: 'not confirmed' };
        }),
    ]);
    const pane = await newChat();
    await send(pane, SAY.write);
    await answer(pane, await waitForAsk(pane), 'allow');
    const dialog = await vi.waitFor(() => {
      const ask = openAsk(pane);
      expect(ask?.kind).toBe('choice');
      return ask!;
    });
    expect(dialog).toMatchObject({
      title: 'Really write?',
      reason: 'It writes hello.txt.',
      options: [
        { id: 'yes', label: 'Yes' },
        { id: 'no', label: 'No' },
      ],
    });
    await answer(pane, dialog, 'yes');
    await waitForIdle(pane);
    expect(confirmed).toEqual([true]);
    expect(await readFile(join(rig.project, 'hello.txt'), 'utf8')).toBe('hi');
  });

  it('killed while an allowed tool runs: started again, the call reads interrupted, is never run again, and the model is told', async () => {
    const pane = await newChat();
    await send(pane, SAY.long);
    await answer(pane, await waitForAsk(pane), 'allow');
    await vi.waitFor(() => expect(toolItems(pane)[0]?.status).toBe('running'));
    const asked = rig.model.requests.length;
    await rig.restart();
    await vi.waitFor(() => expect(rig.model.requests.length).toBe(asked + 1), { timeout: 10_000 });
    expect(textOf(rig.model.requests.at(-1)!.at(-1))).toBe(INTERRUPTED_TEXT);
    expect(toolItems(pane)).toMatchObject([{ name: 'bash', status: 'failed', output: INTERRUPTED_TEXT }]);
    expect(openAsk(pane)).toBeUndefined();
    await vi.waitFor(() => expect(texts(pane)).toContain(`The command said: ${INTERRUPTED_TEXT}`));
    // The first run's command (this test's process outlived the "kill") is let go.
    await writeFile(join(rig.project, GO_FILE), '');
  });

  it('killed while a card is open: started again, the same card under the same id, answered once, the tool runs once', async () => {
    const pane = await newChat();
    await send(pane, SAY.write);
    const ask = await waitForAsk(pane);
    await rig.restart(); // as a kill does, but for the socket file: the process keeps nothing in memory across
    const again = await waitForAsk(pane);
    expect([again.id, again.revision, again.title]).toEqual([ask.id, ask.revision, ask.title]);
    expect((await answer(pane, again, 'allow')).json).toEqual({ outcome: 'taken' });
    await vi.waitFor(() => expect(texts(pane)).toContain('Created hello.txt.'), { timeout: 10_000 });
    expect(await readFile(join(rig.project, 'hello.txt'), 'utf8')).toBe('hi');
    expect(toolItems(pane)).toMatchObject([{ status: 'done' }]);
    expect((await answer(pane, again, 'allow')).json).toMatchObject({ code: 'decided' });
  });
});
