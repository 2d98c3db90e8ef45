import { describe, expect, it } from 'vitest';
import { createStorage, type KeyValueStore } from '../storage';
import { ANSWER_MEMORY, ANSWER_MEMORY_MS, createAnswersGiven } from './answers-given';
import { ANSWERS_GIVEN_KEY } from './answers-given-key';
import type { GivenAnswer } from './given-answer';

function memory(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}
const given = (at: number, text = 'web-3'): GivenAnswer => ({ at, question: { title: 'Name the server' }, answer: { text } });

describe('the answers this phone gave', () => {
  it('are kept across a reload, and forgotten one by one or all at once', () => {
    const backend = memory();
    const storage = createStorage(() => backend);
    const first = createAnswersGiven(storage, () => 10);
    first.remember('["desk","a1"]', given(10));
    first.remember('["desk","a2"]', given(10, 'web-4'));
    const again = createAnswersGiven(storage, () => 20);
    expect(again.byAsk.value).toEqual({ '["desk","a1"]': given(10), '["desk","a2"]': given(10, 'web-4') });
    again.forget('["desk","a1"]');
    expect(Object.keys(createAnswersGiven(storage, () => 20).byAsk.value)).toEqual(['["desk","a2"]']);
    again.clear();
    expect(JSON.parse(backend.data.get(ANSWERS_GIVEN_KEY)!)).toEqual({});
  });

  it('keeps the newest few for a month: bounded however many questions come', () => {
    let now = 0;
    const storage = createStorage(() => memory());
    const kept = createAnswersGiven(storage, () => now);
    for (let i = 0; i < ANSWER_MEMORY + 20; i += 1) {
      now = i;
      kept.remember(`["desk","a${i}"]`, given(i));
    }
    expect(Object.keys(kept.byAsk.value)).toHaveLength(ANSWER_MEMORY);
    expect(kept.byAsk.value['["desk","a0"]']).toBeUndefined();
    now = ANSWER_MEMORY + 20 + ANSWER_MEMORY_MS;
    kept.remember('["desk","new"]', given(now));
    expect(Object.keys(kept.byAsk.value).length).toBeLessThan(25);
  });

  it('reads a hand-edited store as what of it still reads, never as another object’s keys', () => {
    const backend = memory();
    const record = JSON.stringify(given(1));
    backend.data.set(ANSWERS_GIVEN_KEY, `{"__proto__":${record},"[\\"desk\\",\\"a\\"]":${record},"[\\"desk\\",\\"b\\"]":{"at":"x"}}`);
    const kept = createAnswersGiven(
      createStorage(() => backend),
      () => 2,
    );
    expect(Object.getPrototypeOf(kept.byAsk.value)).toBe(Object.prototype);
    expect(kept.byAsk.value['["desk","a"]']).toEqual(given(1));
    expect(kept.byAsk.value['["desk","b"]']).toBeUndefined();
  });
});
