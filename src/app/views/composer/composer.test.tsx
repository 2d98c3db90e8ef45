// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BridgeHttpError } from '../../phone-api-client';
import type { ChatJson } from '../../../wire/bridge-json';
import type { ActReply } from '../../../wire/write-json';
import { LIMITS } from '../../../wire/limits';
import { actsWith, type Step } from '../../stores/testing/acts-kit';
import type { ActsStore } from '../../stores/acts-store';
import { boxLabelled, button, buttonNames, capsOf, chatJson, mount, problemText, runningTurn, settle, statusText, tap, typeText, type Mounted } from '../testing/acts-rig';
import { choiceAsk } from '../ask-cards/testing/card-rig';
import { Composer } from './composer';
import { RecentSends } from './recent-sends';

let view: Mounted | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.restoreAllMocks();
});

function draw(chat: ChatJson, replies: Step[] = [], onShowAsk = vi.fn()) {
  const { acts, sent } = actsWith(replies);
  view = mount(<Composer acts={acts} chat={chat} agentName="desk" paneId="p1" onShowAsk={onShowAsk} />);
  return { acts, sent, onShowAsk, root: view.root };
}

const redraw = (acts: ActsStore, chat: ChatJson, onShowAsk = vi.fn()) => view!.rerender(<Composer acts={acts} chat={chat} agentName="desk" paneId="p1" onShowAsk={onShowAsk} />);

describe('the composer', () => {
  it('shows no controls for caps the agent did not declare', () => {
    let { root } = draw(chatJson({ caps: capsOf('asks', 'history'), pane: { turn: runningTurn } }));
    expect(root.querySelector('textarea, button')).toBeNull();
    view!.unmount();
    ({ root } = draw(chatJson({ caps: null, pane: { turn: runningTurn } })));
    expect(root.querySelector('textarea, button')).toBeNull();
    view!.unmount();
    ({ root } = draw(chatJson({ caps: capsOf('send'), pane: { turn: runningTurn } })));
    expect(buttonNames(root)).toEqual(['Send']);
    expect(boxLabelled(root, 'Message')).toBeInstanceOf(HTMLTextAreaElement);
    view!.unmount();
    ({ root } = draw(chatJson({ caps: capsOf('abort'), pane: { turn: runningTurn } })));
    expect(buttonNames(root)).toEqual(['Stop']);
    expect(root.querySelector('textarea')).toBeNull();
  });

  it('offers Steer and Stop only while a turn runs', () => {
    const { acts, root } = draw(chatJson());
    expect(buttonNames(root)).toEqual(['Send']);
    redraw(acts, chatJson({ pane: { turn: runningTurn } }));
    expect(buttonNames(root)).toEqual(['Steer', 'Stop', 'Send']); // the turn's row sits above the text
    redraw(acts, chatJson({ pane: { turn: { ...runningTurn, state: 'done' } } }));
    expect(buttonNames(root)).toEqual(['Send']);
  });

  it('refuses before sending an empty text or one over the byte limit, and says why', async () => {
    const { root, sent } = draw(chatJson());
    tap(button(root, 'Send'));
    expect(problemText(root)).toBe('Write a message first.');
    typeText(boxLabelled(root, 'Message'), '  \n ');
    tap(button(root, 'Send'));
    expect(problemText(root)).toBe('Write a message first.');
    const over = 'é'.repeat(LIMITS.sendTextBytes / 2) + 'x'; // 2 bytes a letter: one byte over
    typeText(boxLabelled(root, 'Message'), over);
    expect(problemText(root)).toBe('');
    tap(button(root, 'Send'));
    await settle();
    const n = (value: number) => value.toLocaleString('en'); // numbers are written the language's way
    expect(problemText(root)).toBe(`Too long to send: ${n(LIMITS.sendTextBytes + 1)} bytes. The limit is ${n(LIMITS.sendTextBytes)} bytes.`);
    expect(sent).toHaveLength(0);
    typeText(boxLabelled(root, 'Message'), over.slice(0, -1));
    tap(button(root, 'Send'));
    await settle();
    expect(sent).toHaveLength(1);
  });

  it('sends the text with the turn the phone saw, and clears it once sent', async () => {
    const { root, sent } = draw(chatJson({ pane: { turn: runningTurn } }), [{ outcome: 'queued' }]);
    typeText(boxLabelled(root, 'Message'), 'deploy after lunch');
    tap(button(root, 'Send'));
    await settle();
    expect(sent).toEqual([{ act: 'send', agent: 'desk', paneId: 'p1', requestId: expect.any(String), text: 'deploy after lunch', turnId: 'turn-7' }]);
    expect(statusText(root)).toBe('Queued: the agent takes it when its current turn ends.');
    expect(boxLabelled(root, 'Message').value).toBe('');
  });

  it('steers into the running turn and stops it', async () => {
    const { root, sent } = draw(chatJson({ pane: { turn: runningTurn } }), [{ outcome: 'steered' }, { outcome: 'stopped' }]);
    typeText(boxLabelled(root, 'Message'), 'use the staging database');
    tap(button(root, 'Steer'));
    await settle();
    expect(statusText(root)).toBe('Steered into the running turn.');
    expect(boxLabelled(root, 'Message').value).toBe('');
    tap(button(root, 'Stop'));
    await settle();
    expect(sent.map((r) => r.act)).toEqual(['steer', 'stop']);
    expect(sent[1]).toMatchObject({ turnId: 'turn-7' });
    expect(statusText(root)).toBe('Stopped.');
  });

  it('leads Send to the open ask instead of sending, and says so', () => {
    const ask = choiceAsk();
    const { root, sent, onShowAsk } = draw(chatJson({ asks: [ask], pane: { turn: runningTurn } }));
    expect(root.textContent).toContain('A question is open. The send button takes you to its card: answer it first, or use Steer or Stop.');
    typeText(boxLabelled(root, 'Message'), 'hello?');
    // While a card is open the composer's button leads to it (the card's own Send is the only Send).
    tap(button(root, 'Go to the question'));
    expect(onShowAsk).toHaveBeenCalledWith('a1');
    expect(sent).toHaveLength(0);
    expect(boxLabelled(root, 'Message').value).toBe('hello?');
    expect(buttonNames(root)).toEqual(['Steer', 'Stop', 'Go to the question']);
  });

  it('names in its note only the controls there are now: no Steer or Stop without a running turn', () => {
    const { root } = draw(chatJson({ asks: [choiceAsk()] }));
    expect(root.textContent).toContain('A question is open. The send button takes you to its card: answer it first.');
    expect(root.textContent).not.toContain('Steer or Stop');
  });

  it.each<[Step, string, boolean]>([
    [{ outcome: 'sent' }, 'Sent.', true],
    [{ outcome: 'queued' }, 'Queued: the agent takes it when its current turn ends.', true],
    [{ outcome: 'refused', reason: 'busy' }, 'Refused: another request to this conversation is still running. Wait a moment.', false],
    [{ outcome: 'refused', reason: 'ask-open', askId: 'a9' }, 'Refused: a question is open. Answer it first, or use Steer or Stop.', false],
    [{ outcome: 'refused', reason: 'turn-moved' }, 'Refused: a new turn started after you looked. Read the chat first.', false],
    [{ outcome: 'refused', reason: 'no-turn' }, 'Refused: no turn is running.', false],
    [{ outcome: 'refused', reason: 'not-found' }, 'Refused: the agent no longer has it.', false],
    [{ outcome: 'refused', reason: 'too-long' }, 'Refused: the text is too long.', false],
    [{ outcome: 'refused', reason: 'empty' }, 'Refused: the text is empty.', false],
    [{ outcome: 'refused', reason: 'bad-request' }, 'Refused: the bridge could not read the request.', false],
    [{ outcome: 'refused', reason: 'agent-refused' }, 'Refused by the agent.', false],
    [{ outcome: 'refused' }, 'Refused.', false],
    [{ outcome: 'unknown' }, 'Read the chat before you send again.', false],
    [new TypeError('connection lost'), 'Read the chat before you send again.', false],
    [{ outcome: 'maybe-applied' }, 'May already be applied. Check the chat.', false],
    [new BridgeHttpError(403, 'write-gate', 'this device may not write'), 'The bridge refused it: a reason this app does not know (code: write-gate)', false],
  ])('says what became of a send: %j', async (reply, copy, cleared) => {
    const { root } = draw(chatJson(), [reply]);
    typeText(boxLabelled(root, 'Message'), 'ship it');
    tap(button(root, 'Send'));
    await settle();
    expect(statusText(root)).toBe(copy);
    expect(boxLabelled(root, 'Message').value).toBe(cleared ? '' : 'ship it');
  });

  it('links an ask-open refusal to the card', async () => {
    const { root, onShowAsk } = draw(chatJson(), [{ outcome: 'refused', reason: 'ask-open', askId: 'a9' }]);
    typeText(boxLabelled(root, 'Message'), 'ship it');
    tap(button(root, 'Send'));
    await settle();
    tap(button(root, 'Go to the question'));
    expect(onShowAsk).toHaveBeenCalledWith('a9');
  });

  it('offers Try again once after an unknown outcome, with the same request id', async () => {
    const { root, sent } = draw(chatJson(), [{ outcome: 'unknown' } satisfies ActReply, new TypeError('lost again')]);
    typeText(boxLabelled(root, 'Message'), 'ship it');
    tap(button(root, 'Send'));
    await settle();
    expect(statusText(root)).toBe('Read the chat before you send again.');
    tap(button(root, 'Try again'));
    await settle();
    expect(sent.map((r) => r.requestId)).toEqual([sent[0]!.requestId, sent[0]!.requestId]);
    expect(statusText(root)).toBe('May already be applied. Check the chat.');
    expect(buttonNames(root)).toEqual(['Send']);
  });

  it('clears the text after a Try again that was sent', async () => {
    const { root } = draw(chatJson(), [{ outcome: 'unknown' }, { outcome: 'sent' }]);
    typeText(boxLabelled(root, 'Message'), 'ship it');
    tap(button(root, 'Send'));
    await settle();
    tap(button(root, 'Try again'));
    await settle();
    expect(statusText(root)).toBe('Sent.');
    expect(boxLabelled(root, 'Message').value).toBe('');
  });

  it('sends a double tap once', async () => {
    let release = (_: ActReply) => {};
    const { root, sent } = draw(chatJson(), [() => new Promise<ActReply>((r) => (release = r))]);
    typeText(boxLabelled(root, 'Message'), 'ship it');
    tap(button(root, 'Send'));
    tap(button(root, 'Send'));
    await settle();
    expect(statusText(root)).toBe('Sending…');
    expect(button(root, 'Send').disabled).toBe(true);
    release({ outcome: 'sent' });
    await settle();
    expect(sent).toHaveLength(1);
  });

  it('lists recent sends newest first, with steers marked and never the text', () => {
    const sends: ChatJson['sends'] = [
      { requestId: 'r1', steer: false, status: 'effective', at: '2026-11-30T10:00:00Z' },
      { requestId: 'r3', steer: false, status: 'refused', reason: 'busy', at: '2026-11-30T10:02:00Z' },
      { requestId: 'r2', steer: true, status: 'queued', at: '2026-11-30T10:01:00Z' },
    ];
    view = mount(<RecentSends sends={sends} previewOf={() => null} />);
    const { root } = view;
    const section = [...root.querySelectorAll('section')].find((s) => s.querySelector('h3')?.textContent === 'Recent sends');
    const rows = [...(section?.querySelectorAll('li') ?? [])];
    expect(rows.map((r) => r.dataset.requestId)).toEqual(['r3', 'r2', 'r1']);
    expect(rows.map((r) => [r.querySelector('.send-kind')?.textContent, r.querySelector('.send-status')?.textContent])).toEqual([
      ['Send', 'refused'],
      ['Steer', 'queued'],
      ['Send', 'applied'],
    ]);
    expect(rows[0]!.textContent).toContain('Refused: another request to this conversation is still running.');
  });
});
