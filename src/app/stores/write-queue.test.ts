import { describe, expect, it } from 'vitest';
import { actConversation, conversationOf, createWriteQueue } from './write-queue';

/** A write the test ends by hand, recording when it started. */
function heldWrite(log: string[], name: string) {
  let end: (ok: boolean) => void = () => {};
  const write = () => {
    log.push(`${name} starts`);
    return new Promise<string>((resolve, reject) => (end = (ok) => (ok ? resolve(name) : reject(new Error(name)))));
  };
  return { write, end: (ok = true) => end(ok) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("a phone's writes to one conversation", () => {
  it('go one at a time, each after the one before it ended (even in a failure); other conversations do not wait', async () => {
    const log: string[] = [];
    const inTurn = createWriteQueue();
    const desk = conversationOf('desk', 'p');
    const [allow, choice, send, other] = ['allow', 'choice', 'send', 'other'].map((n) => heldWrite(log, n));
    const done = [
      inTurn(desk, allow!.write),
      inTurn(desk, choice!.write).catch((e: Error) => `failed ${e.message}`),
      inTurn(desk, send!.write),
      inTurn(conversationOf('desk', 'q'), other!.write),
    ];
    await settle();
    expect(log).toEqual(['allow starts', 'other starts']);
    allow!.end();
    await settle();
    expect(log).toEqual(['allow starts', 'other starts', 'choice starts']);
    choice!.end(false);
    await settle();
    expect(log.at(-1)).toBe('send starts');
    send!.end();
    other!.end();
    expect(await Promise.all(done)).toEqual(['allow', 'failed choice', 'send', 'other']);
  });

  it('wait for an earlier one no longer than a bridge holds a conversation: then go anyway', async () => {
    const inTurn = createWriteQueue(20);
    const log: string[] = [];
    const stuck = heldWrite(log, 'stuck');
    const next = heldWrite(log, 'next');
    void inTurn('c', stuck.write);
    const going = inTurn('c', next.write);
    await settle();
    expect(log).toEqual(['stuck starts']);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(log).toEqual(['stuck starts', 'next starts']);
    next.end();
    expect(await going).toBe('next');
  });

  it('never hold back Stop, nor an act that holds no conversation', () => {
    expect(actConversation({ act: 'stop', agent: 'desk', paneId: 'p', requestId: 'r', turnId: 't' })).toBeNull();
    expect(actConversation({ act: 'starter', agent: 'desk', requestId: 'r', starterId: 's' })).toBeNull();
    expect(actConversation({ act: 'rename', agent: 'desk', requestId: 'r', target: 'tab', id: 't', title: 'x' })).toBeNull();
    expect(actConversation({ act: 'close', agent: 'desk', requestId: 'r', target: 'pane', id: 'p' })).toBe(conversationOf('desk', 'p'));
    expect(actConversation({ act: 'steer', agent: 'desk', paneId: 'p', requestId: 'r', text: 'x', turnId: 't' })).toBe(conversationOf('desk', 'p'));
  });
});
