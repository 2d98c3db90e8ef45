import { describe, expect, it } from 'vitest';
import { cleanJsonValue } from '../wire/parse-ask';
import { LIMITS } from '../wire/limits';
import { CARD_STRING_BYTES, cardInput } from './card-input';

describe("a tool's input on a card", () => {
  it('cuts long strings so the bridge marks the card shortened too', () => {
    const { input, cut } = cardInput({ content: 'x'.repeat(CARD_STRING_BYTES * 10), path: 'a.txt', nested: [{ deep: 'y'.repeat(CARD_STRING_BYTES + 1) }] });
    expect(cut).toBe(true);
    const shown = input as { content: string; path: string; nested: { deep: string }[] };
    expect(Buffer.byteLength(shown.content)).toBeLessThanOrEqual(CARD_STRING_BYTES);
    expect(shown.path).toBe('a.txt');
    let marked = false;
    cleanJsonValue(input, () => (marked = true));
    expect(marked).toBe(true);
    expect(cardInput({ command: 'ls', n: 1 })).toEqual({ input: { command: 'ls', n: 1 }, cut: false });
    expect(LIMITS.reasonBytes).toBeLessThan(CARD_STRING_BYTES);
  });
  it("says a list kept to the wire's entries was cut", () => {
    expect(cardInput({ files: Array.from({ length: LIMITS.toolInputEntries + 1 }, (_, i) => i) }).cut).toBe(true);
    expect(cardInput({ files: Array.from({ length: LIMITS.toolInputEntries }, (_, i) => i) }).cut).toBe(false);
  });
});
