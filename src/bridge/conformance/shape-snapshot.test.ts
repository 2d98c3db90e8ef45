import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { askProblems, expectedAskId, paneStateProblems, snapshotShapeProblems } from './shape-snapshot';

const EPOCH = 'dU4UTIK0IoJIbCBHmHs8IO';
const choice = (paneId: string, toolCallId: string, extra: Record<string, unknown> = {}) => ({
  id: expectedAskId(paneId, toolCallId),
  revision: 1,
  kind: 'choice',
  toolCallId,
  title: 'Q?',
  options: [{ id: 'y', label: 'Yes' }],
  ...extra,
});
const pane = (id: string, extra: Record<string, unknown> = {}) => ({ id, title: id, state: 'idle', turn: null, asks: [], belt: [], cursor: 0, ...extra });
const snapshot = (panes: unknown[], extra: Record<string, unknown> = {}) => ({
  epoch: EPOCH,
  rev: 3,
  workspaces: [{ id: 'w', title: 'W', tabs: [{ id: 't', title: 'T', panes }] }],
  starters: [],
  ...extra,
});

describe('expectedAskId', () => {
  it('is the first 32 hex digits of SHA-256(paneId + U+0000 + toolCallId)', () => {
    const full = createHash('sha256').update('deploy\u0000deploy-1').digest('hex');
    expect(expectedAskId('deploy', 'deploy-1')).toBe(full.slice(0, 32));
    expect(expectedAskId('deploy', 'deploy-1')).not.toBe(expectedAskId('deploy-', '1'));
  });
});

describe('snapshotShapeProblems', () => {
  it('finds nothing wrong with a good snapshot', () => {
    expect(snapshotShapeProblems(snapshot([pane('p', { state: 'waiting', asks: [choice('p', 'tc')], cursor: 4 })]))).toEqual([]);
  });

  it('names bad ids, repeated panes and a bad cursor', () => {
    const problems = snapshotShapeProblems(snapshot([pane('a b'), pane('p'), pane('p', { cursor: -1 })]));
    expect(problems).toEqual(expect.arrayContaining(['a pane has a bad id "a b"', 'pane id p is used twice', 'pane p: cursor is not a non-negative integer']));
  });

  it('counts the limits across the whole snapshot', () => {
    const many = (n: number, make: (i: number) => unknown) => Array.from({ length: n }, (_, i) => make(i));
    const workspaces = many(65, (i) => ({ id: `w${i}`, title: 'W', tabs: [] }));
    expect(snapshotShapeProblems({ epoch: EPOCH, rev: 1, workspaces, starters: [] })).toContain('65 workspaces, over 64');
    const tabs = many(257, (i) => ({ id: `t${i}`, title: 'T', panes: [] }));
    expect(snapshotShapeProblems({ epoch: EPOCH, rev: 1, workspaces: [{ id: 'w', title: 'W', tabs }], starters: [] })).toContain('257 tabs, over 256');
    expect(snapshotShapeProblems(snapshot(many(257, (i) => pane(`p${i}`))))).toContain('257 panes, over 256');
    expect(snapshotShapeProblems(snapshot([], { starters: many(51, (i) => ({ id: `s${i}`, label: 'S' })) }))).toContain('51 starters, over 50');
    const belt = many(5, (i) => ({ id: `b${i}`, label: 'B' }));
    expect(snapshotShapeProblems(snapshot([pane('p', { belt })]))).toContain('pane p: 5 belt buttons, over 4');
    expect(snapshotShapeProblems(snapshot([pane('p', { belt: [{ id: 'b', label: 'x'.repeat(17) }] })]))[0]).toMatch(/over 16 characters/);
    const asks = many(51, (i) => choice('p', `tc${i}`));
    expect(snapshotShapeProblems(snapshot([pane('p', { state: 'waiting', asks })]))).toContain('pane p: 51 open asks, over 50');
  });

  it('refuses a bad epoch, rev or state', () => {
    const problems = snapshotShapeProblems({ ...snapshot([pane('p', { state: 'busy' })]), epoch: 'short', rev: 1.5 });
    expect(problems).toEqual(
      expect.arrayContaining(['epoch is not 22–128 chars of [A-Za-z0-9_-]', 'rev is not a non-negative integer', 'pane p: state "busy" is not waiting, working or idle']),
    );
  });
});

describe('paneStateProblems', () => {
  it('holds waiting exactly while asks are open', () => {
    expect(paneStateProblems(snapshot([pane('p', { state: 'waiting', asks: [choice('p', 'tc')] }), pane('q')]))).toEqual([]);
    expect(paneStateProblems(snapshot([pane('p', { state: 'working', asks: [choice('p', 'tc')] })]))).toEqual(['pane p has 1 open ask(s) but state "working"']);
    expect(paneStateProblems(snapshot([pane('p', { state: 'waiting' })]))).toEqual(['pane p is waiting with no open ask']);
  });
});

describe('askProblems', () => {
  it('accepts a good ask of each kind', () => {
    expect(askProblems('p', choice('p', 'tc'))).toEqual([]);
    const permission = {
      ...choice('p', 'perm'),
      kind: 'permission',
      options: [
        { id: 'a', label: 'Allow', effect: 'allow' },
        { id: 'd', label: 'Deny', effect: 'deny' },
      ],
    };
    expect(askProblems('p', permission)).toEqual([]);
    const form = { ...choice('p', 'form'), kind: 'form', fields: [{ id: 'f', label: 'F', type: 'choice', options: [{ id: 'o', label: 'O' }] }] };
    expect(askProblems('p', form)).toEqual([]);
  });

  it('names an id that is not the hash, with the one expected', () => {
    const problems = askProblems('p', { ...choice('p', 'tc'), id: 'f'.repeat(32) });
    expect(problems).toEqual([`ask ${'f'.repeat(32)} in pane p: id is not SHA-256(paneId + U+0000 + toolCallId), expected ${expectedAskId('p', 'tc')}`]);
  });

  it('names a revision below 1 and each kind’s limits', () => {
    expect(askProblems('p', choice('p', 'tc', { revision: 0 }))[0]).toMatch(/revision 0 is not an integer ≥ 1/);
    const nine = Array.from({ length: 9 }, (_, i) => ({ id: `o${i}`, label: 'O' }));
    expect(askProblems('p', choice('p', 'tc', { options: nine }))[0]).toMatch(/9 options, over 8/);
    const seven = Array.from({ length: 7 }, (_, i) => ({ id: `o${i}`, label: 'O', effect: 'allow' }));
    expect(askProblems('p', { ...choice('p', 'tc'), kind: 'permission', options: seven })[0]).toMatch(/7 options, over 6/);
    expect(askProblems('p', { ...choice('p', 'tc'), kind: 'permission', options: [{ id: 'o', label: 'O', effect: 'maybe' }] })[0]).toMatch(/effect "maybe"/);
    const fields = Array.from({ length: 7 }, (_, i) => ({ id: `f${i}`, label: 'F', type: 'text' }));
    expect(askProblems('p', { ...choice('p', 'tc'), kind: 'form', fields })[0]).toMatch(/7 fields, over 6/);
    expect(askProblems('p', { ...choice('p', 'tc'), kind: 'form', fields: [{ id: 'f', label: 'F', type: 'date' }] })[0]).toMatch(/type "date"/);
  });

  it('stops at a tool call id that breaks the id rule', () => {
    expect(askProblems('p', { ...choice('p', 'tc'), toolCallId: 'a/b' })).toEqual(['ask ' + expectedAskId('p', 'tc') + ' in pane p: toolCallId "a/b" breaks the id rule']);
  });
});
