import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChatEntry, ChatJson, PhoneAsk, SendRow } from '../../wire/bridge-json';
import { applyChatDelta, parseChatDelta } from '../../wire/chat-delta';
import { diffChat, versionOf } from './chat-diff';

const item = (id: string, text: string): ChatEntry => ({ type: 'item', item: { id, kind: 'reply', at: '2024-01-01T00:00:00Z', text } });
const decision = (id: string, title: string): ChatEntry => ({ type: 'decision', id, decidedBy: 'program', title });
const ask: PhoneAsk = { id: 'a1', revision: 1, kind: 'choice', toolCallId: 't', title: 'Ship?', multiple: false, options: [{ id: 'y', label: 'Yes' }], hash: 'h' };
const send: SendRow = { requestId: 'r1', steer: false, status: 'sent', at: '2024-01-01T00:00:00Z' };

function chatOf(entries: ChatEntry[], rest: Partial<ChatJson> = {}): ChatJson {
  return {
    agent: { name: 'desk', where: 'here', status: 'ok', open: 1, needsYou: 0, caps: null },
    pane: { id: 'p', title: 'Work', workspaceId: 'w', tabId: 't', state: 'idle', turn: null, belt: [] },
    entries,
    asks: [],
    trimmed: false,
    sends: [],
    ...rest,
  };
}

/** The delta from `held` to `now` as the phone receives it (through JSON), applied to `held`. */
function roundTrip(held: ChatJson, now: ChatJson, epochs: [string, string] = ['e', 'e']) {
  const delta = diffChat(versionOf('"held"', epochs[0], held), versionOf('"now"', epochs[1], now), now);
  const wire = JSON.stringify({ delta });
  const parsed = parseChatDelta(JSON.parse(wire));
  return { wire, applied: parsed && applyChatDelta(held, '"held"', parsed) };
}

/** One step of the new list: a held entry as it was, a copy of one, one changed, or a new one. */
const step = fc.oneof(fc.record({ held: fc.nat(), as: fc.constantFrom('same', 'copy', 'changed') }), fc.record({ fresh: fc.string({ maxLength: 4 }), decision: fc.boolean() }));
const heldEntries = fc.array(
  fc.tuple(fc.string({ maxLength: 4 }), fc.boolean()).map(([text, isDecision]) => ({ text, isDecision })),
  { maxLength: 30 },
);

describe('chat deltas', () => {
  it('applied to the held chat, give exactly the current chat, in its order, with every unchanged entry the held object', () => {
    fc.assert(
      fc.property(heldEntries, fc.array(step, { maxLength: 40 }), fc.boolean(), fc.boolean(), (seeds, steps, asksMoved, trimmed) => {
        const heldList = seeds.map((s, i) => (s.isDecision ? decision(`d${i}`, s.text) : item(`h${i}`, s.text)));
        const entries = steps.map((s, i): ChatEntry => {
          if ('fresh' in s || heldList.length === 0) return 'fresh' in s && s.decision ? decision(`n${i}`, s.fresh) : item(`n${i}`, 'fresh' in s ? s.fresh : '');
          const old = heldList[s.held % heldList.length]!;
          if (s.as === 'same') return old;
          if (s.as === 'copy') return structuredClone(old);
          return old.type === 'item' ? item(old.item.id, `${'text' in old.item ? old.item.text : ''}!`) : decision(old.id, `${old.title}!`);
        });
        const held = chatOf(heldList);
        const now = chatOf(entries, { trimmed, ...(asksMoved ? { asks: [ask], sends: [send] } : {}) });
        const { applied } = roundTrip(held, now);
        expect(applied).toEqual(now);
        const heldJson = new Set(heldList.map((e) => JSON.stringify(e)));
        applied!.entries.forEach((entry, i) => {
          if (heldJson.has(JSON.stringify(now.entries[i]))) expect(heldList).toContain(entry);
        });
      }),
    );
  });

  it('say an append as one run of the held entries and the new one, whatever the length of the chat', () => {
    const sizes = [100, 2000].map((n) => {
      const list = Array.from({ length: n }, (_, i) => item(`m${i}`, `message ${i} `.repeat(8)));
      const { wire, applied } = roundTrip(chatOf(list), chatOf([...list, item('fresh', 'written just now')]));
      expect(JSON.parse(wire).delta.entries).toEqual([[0, n], item('fresh', 'written just now')]);
      expect(applied!.entries).toHaveLength(n + 1);
      return Buffer.byteLength(wire);
    });
    expect(sizes[0]).toBeLessThan(2048);
    // Only two numbers grow with the chat, from "100" to "2000": the held count and the run's.
    expect(sizes[1]! - sizes[0]!).toBe(2);
  });

  it('name removed, changed and appended entries without the others, and only the fields that changed', () => {
    const list = [item('a', '1'), item('b', '2'), decision('d', 'Ship?'), item('c', '3'), item('e', '5')];
    const now = chatOf([list[1]!, item('c', '3 done'), list[4]!, item('f', '6')], { asks: [ask] });
    const delta = diffChat(versionOf('"held"', 'e', chatOf(list)), versionOf('"now"', 'e', now), now);
    expect(delta).toEqual({ from: '"held"', held: 5, entries: [[1, 1], item('c', '3 done'), [4, 1], item('f', '6')], asks: [ask] });
  });

  it('keep an entry that the agent sent again unchanged (a new object, as after a resync) as held', () => {
    const list = [item('a', '1'), item('b', '2')];
    const now = chatOf(list.map((e) => structuredClone(e)));
    expect(diffChat(versionOf('"held"', 'e', chatOf(list)), versionOf('"now"', 'e', now), now).entries).toEqual([[0, 2]]);
  });
});
