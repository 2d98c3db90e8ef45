import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits';
import { panesOf, parseSnapshot } from './parse-snapshot';

const EPOCH = 'dU4UTIK0IoJIbCBHmHs8IOAeTpnaFXlr';
const pane = (over: Record<string, unknown> = {}) => ({ id: 'deploy', title: 'Deploy', state: 'idle', turn: null, asks: [], belt: [], cursor: 3, ...over });
const snapshotWith = (panes: unknown[], extra: Record<string, unknown> = {}) => ({
  epoch: EPOCH,
  rev: 4,
  workspaces: [{ id: 'w', title: 'W', tabs: [{ id: 't', title: 'T', panes }] }],
  starters: [],
  ...extra,
});

describe('parseSnapshot', () => {
  it('reads a well-formed snapshot', () => {
    const snapshot = parseSnapshot(snapshotWith([pane()]));
    expect(snapshot?.rev).toBe(4);
    expect(panesOf(snapshot!).map((p) => p.pane.id)).toEqual(['deploy']);
  });

  it('is null for what is not a snapshot', () => {
    for (const raw of [null, 'x', [], {}, { epoch: 'short', rev: 1 }, { epoch: EPOCH, rev: -1 }, { epoch: EPOCH, rev: 1.5 }]) expect(parseSnapshot(raw)).toBeNull();
  });

  it('drops panes with bad ids and repeated pane ids, and cleans titles', () => {
    const snapshot = parseSnapshot(
      snapshotWith([pane({ id: 'a/b' }), pane({ title: '<img src=x onerror=alert(1)>\u202eevil\u0000' }), pane({ title: 'second copy' }), pane({ id: 42 })]),
    );
    const panes = panesOf(snapshot!);
    expect(panes).toHaveLength(1);
    expect(panes[0]!.pane.title).toBe('<img src=x onerror=alert(1)>evil');
  });

  it('drops empty belt buttons and starters, cuts belt labels, keeps the first four', () => {
    const belt = [{ id: 'e', label: '\u200b' }, ...Array.from({ length: 6 }, (_, i) => ({ id: `b${i}`, label: `Button number ${i} long` }))];
    const snapshot = parseSnapshot(
      snapshotWith([pane({ belt })], {
        starters: [
          { id: 's', label: '\u0000' },
          { id: 'ok', label: 'New' },
        ],
      }),
    );
    const { pane: p } = panesOf(snapshot!)[0]!;
    expect(p.belt.map((b) => b.id)).toEqual(['b0', 'b1', 'b2', 'b3']);
    expect([...p.belt[0]!.label].length).toBeLessThanOrEqual(LIMITS.beltLabelChars);
    expect(snapshot!.starters).toEqual([{ id: 'ok', label: 'New' }]);
  });

  it('says waiting exactly when asks are open', () => {
    const ask = { id: 'k', revision: 1, kind: 'choice', toolCallId: 'tc', title: 'Q', options: [{ id: 'y', label: 'Y' }] };
    expect(panesOf(parseSnapshot(snapshotWith([pane({ state: 'waiting' })]))!)[0]!.pane.state).toBe('idle');
    expect(panesOf(parseSnapshot(snapshotWith([pane({ state: 'idle', asks: [ask] })]))!)[0]!.pane.state).toBe('waiting');
  });

  it('caps panes across the whole snapshot', () => {
    const panes = Array.from({ length: 300 }, (_, i) => pane({ id: `p${i}` }));
    expect(panesOf(parseSnapshot(snapshotWith(panes))!)).toHaveLength(LIMITS.panes);
  });

  it('never throws on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (raw) => {
        parseSnapshot(raw);
        parseSnapshot(snapshotWith([raw]));
        parseSnapshot({ epoch: EPOCH, rev: 1, workspaces: raw, starters: raw });
      }),
      { numRuns: 500 },
    );
  });
});
