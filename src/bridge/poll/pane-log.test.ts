import { describe, expect, it } from 'vitest';
import { BRIDGE_MEMORY } from '../../wire/limits';
import type { EventsReply, Item } from '../../wire/types';
import { AgentStore } from './agent-store';
import { decisionLine, entryBytes, fairShare, PaneLog } from './pane-log';

const EPOCH = 'pane-log-epoch-00000000001';
const item = (id: string, text: string): Item => ({ id, at: '', kind: 'reply', text });
const events = (items: Item[], from = 0): EventsReply => ({
  epoch: EPOCH,
  cursor: from + items.length,
  view: false,
  events: items.map((it, n) => ({ seq: from + n + 1, type: 'item', item: it })),
});

describe('fairShare', () => {
  it('lets everything stay under the budget', () => {
    expect(fairShare([10, 20, 30], 60)).toBe(Infinity);
  });
  it('cuts only the largest to one size, so small panes keep everything', () => {
    expect(fairShare([10, 100, 100], 110)).toBe(50);
    expect(fairShare([10, 20, 1000], 100)).toBe(70);
    expect(fairShare([100, 100, 100, 100], 100)).toBe(25);
  });
});

describe('PaneLog', () => {
  it('counts the bytes of what it holds, an item changed in place included', () => {
    const log = new PaneLog();
    log.apply(events([item('a', 'one'), item('b', 'two')]));
    expect(log.bytes).toBe(entryBytes({ type: 'item', item: item('a', 'one') }) + entryBytes({ type: 'item', item: item('b', 'two') }));
    log.apply(events([item('a', 'a much longer text')], 2));
    expect(log.bytes).toBe(entryBytes({ type: 'item', item: item('a', 'a much longer text') }) + entryBytes({ type: 'item', item: item('b', 'two') }));
    expect(log.trimmed).toBe(false);
  });

  it('drops the oldest entries past its bytes and says it was trimmed; an updated item is still found', () => {
    const log = new PaneLog();
    const text = 'y'.repeat(1000);
    log.apply(events(Array.from({ length: 10 }, (_, n) => item(`i${n}`, text))));
    const one = entryBytes({ type: 'item', item: item('i0', text) });
    log.keepWithin(one * 4);
    expect(log.entries.map((e) => e.type === 'item' && e.item.id)).toEqual(['i6', 'i7', 'i8', 'i9']);
    expect(log.trimmed).toBe(true);
    log.apply(events([item('i7', 'short')], 10));
    expect(log.entries.map((e) => e.type === 'item' && 'text' in e.item && e.item.text.length)).toEqual([1000, 5, 1000, 1000]);
  });

  it('keeps at most the entry cap, whatever their size', () => {
    const log = new PaneLog();
    log.apply(events(Array.from({ length: BRIDGE_MEMORY.paneEntries + 5 }, (_, n) => item(`i${n}`, ''))));
    expect(log.entries).toHaveLength(BRIDGE_MEMORY.paneEntries);
    expect(log.trimmed).toBe(true);
  });
});

describe('the agent budget across panes', () => {
  it('cuts the largest panes to a fair share and leaves a quiet pane whole', () => {
    const store = new AgentStore('a', 'here');
    const big = 'z'.repeat(60_000);
    store.paneLog('quiet').apply(events([item('q', 'hello')]));
    const quietBytes = store.paneLog('quiet').bytes;
    // Twelve panes, each at its own 4 MiB: together over the agent's 32 MiB.
    for (let n = 1; n <= 12; n += 1) store.paneLog(`p${n}`).apply(events(Array.from({ length: 80 }, (_, k) => item(`p${n}-${k}`, big))));
    expect(store.paneLog('p1').bytes).toBeLessThanOrEqual(BRIDGE_MEMORY.paneBytes);
    expect(store.bytes()).toBeGreaterThan(BRIDGE_MEMORY.agentBytes);
    store.keepWithinBudget();
    expect(store.bytes()).toBeLessThanOrEqual(BRIDGE_MEMORY.agentBytes);
    expect(store.paneLog('quiet').bytes).toBe(quietBytes);
    expect(store.paneLog('quiet').trimmed).toBe(false);
    expect(store.paneLog('p1').trimmed).toBe(true);
  });
});

describe('the line an ask leaves when it closes', () => {
  const AT = '2026-03-12T09:30:00.000Z';
  const closed = (decidedBy: 'phone' | 'program' | 'timeout', outcome: import('../../wire/types').Answer | null, seq = 7) => ({
    seq,
    type: 'ask-closed' as const,
    askId: 'a1',
    decidedBy,
    outcome,
  });
  const choice = {
    title: 'Ship it?',
    kind: 'choice' as const,
    options: [
      { id: 'y', label: 'Yes' },
      { id: 'n', label: 'No' },
    ],
  };

  it('names the options a phone chose by their labels', () => {
    expect(decisionLine(closed('phone', { optionIds: ['y'] }), choice, AT)).toEqual({
      type: 'decision',
      id: 'decision-7',
      decidedBy: 'phone',
      title: 'Ship it?',
      askId: 'a1',
      at: AT,
      answered: { labels: ['Yes'] },
    });
  });

  it('says only that a typed answer or a form was sent, never its words', () => {
    expect(decisionLine(closed('phone', { text: 'web-3' }), { title: 'Why?', kind: 'text', options: [] }, AT)).not.toHaveProperty('answered.text');
    expect(JSON.stringify(decisionLine(closed('phone', { text: 'web-3' }), { title: 'Why?', kind: 'text', options: [] }, AT))).not.toContain('web-3');
    expect(decisionLine(closed('phone', { text: '' }), { title: 'Why?', kind: 'text', options: [] }, AT).answered).toEqual({ typed: 'text' });
    expect(decisionLine(closed('phone', { values: {} }), { title: 'Form', kind: 'form', options: [] }, AT).answered).toEqual({ typed: 'form' });
  });

  it('keeps who decided for the agent and the clock, with no answer', () => {
    expect(decisionLine(closed('program', { optionIds: ['y'] }), choice, AT)).toEqual({
      type: 'decision',
      id: 'decision-7',
      decidedBy: 'program',
      title: 'Ship it?',
      askId: 'a1',
      at: AT,
    });
    expect(decisionLine(closed('timeout', null), undefined, AT)).toEqual({ type: 'decision', id: 'decision-7', decidedBy: 'timeout', title: '', askId: 'a1', at: AT });
  });

  it('a pane log leaves the line for a phone answer too, from the ask it saw, dated by its clock', () => {
    const log = new PaneLog(() => Date.parse(AT));
    log.apply({
      epoch: EPOCH,
      cursor: 1,
      view: false,
      events: [
        { seq: 1, type: 'ask', ask: { id: 'a1', revision: 1, toolCallId: 'tc', title: 'Ship it?', shortened: false, kind: 'choice', options: choice.options, multiple: false } },
      ],
    });
    log.apply({ epoch: EPOCH, cursor: 2, view: false, events: [closed('phone', { optionIds: ['n'] }, 2)] });
    expect(log.entries).toEqual([{ type: 'decision', id: 'decision-2', decidedBy: 'phone', title: 'Ship it?', askId: 'a1', at: AT, answered: { labels: ['No'] } }]);
  });
});

describe('what was answered, kept by the bridge', () => {
  const AT = '2026-12-05T09:41:00.000Z';
  const permission = {
    id: 'a1',
    revision: 1,
    toolCallId: 'tc',
    title: 'model words',
    shortened: false,
    kind: 'permission' as const,
    tool: { name: 'bash', input: { command: 'ls' } },
    options: [{ id: 'allow', label: 'Allow', effect: 'allow' as const }],
  };
  const by = { deviceId: 'dev-1', device: 'Pixel 7', via: 'notification' as const };

  it('names the device that answered, whether its line came before or after the answer was noted, and heads a permission by its tool', () => {
    const log = new PaneLog(() => Date.parse(AT));
    log.apply({ epoch: EPOCH, cursor: 1, view: false, events: [{ seq: 1, type: 'ask', ask: permission }] });
    log.noteAnswer('a1', by);
    log.apply({ epoch: EPOCH, cursor: 2, view: false, events: [{ seq: 2, type: 'ask-closed', askId: 'a1', decidedBy: 'phone', outcome: { optionIds: ['allow'] } }] });
    const line = { type: 'decision', id: 'decision-2', decidedBy: 'phone', title: 'model words', askId: 'a1', at: AT, tool: 'bash', by, answered: { labels: ['Allow'] } };
    expect(log.entries).toEqual([line]);

    const late = new PaneLog(() => Date.parse(AT));
    late.apply({ epoch: EPOCH, cursor: 1, view: false, events: [{ seq: 1, type: 'ask', ask: permission }] });
    late.apply({ epoch: EPOCH, cursor: 2, view: false, events: [{ seq: 2, type: 'ask-closed', askId: 'a1', decidedBy: 'phone', outcome: { optionIds: ['allow'] } }] });
    expect(late.noteAnswer('a1', by)).toBe(true);
    expect(late.entries).toEqual([line]);
  });

  it('keeps every line in its place when the agent sends its whole view again (it restarted)', () => {
    const log = new PaneLog(() => Date.parse(AT));
    log.apply(events([item('i1', 'asked'), item('i2', 'ran')]));
    log.apply({ epoch: EPOCH, cursor: 3, view: false, events: [{ seq: 3, type: 'ask', ask: permission }] });
    log.apply({ epoch: EPOCH, cursor: 4, view: false, events: [{ seq: 4, type: 'ask-closed', askId: 'a1', decidedBy: 'phone', outcome: { optionIds: ['allow'] } }] });
    log.apply(events([item('i3', 'after')], 4));
    const kinds = (l: PaneLog) => l.entries.map((e) => (e.type === 'item' ? e.item.id : e.type));
    expect(kinds(log)).toEqual(['i1', 'i2', 'decision', 'i3']);
    log.apply({
      epoch: 'pane-log-epoch-00000000002',
      cursor: 3,
      view: true,
      items: [item('i1', 'asked'), item('i2', 'ran'), item('i3', 'after'), item('i4', 'new')],
      asks: [],
      turn: null,
      trimmed: false,
    });
    expect(kinds(log)).toEqual(['i1', 'i2', 'decision', 'i3', 'i4']);
    // One whose item the agent no longer shows stays too, after the rest.
    log.apply({ epoch: 'pane-log-epoch-00000000003', cursor: 1, view: true, items: [item('i9', 'only')], asks: [], turn: null, trimmed: false });
    expect(kinds(log)).toEqual(['i9', 'decision']);
  });
});

describe('the line of an ask about a tool call', () => {
  it('sits just before the tool row it let run, so the answer reads before the output', () => {
    const log = new PaneLog();
    const tool: Item = { id: 'tool-c1', at: '', kind: 'tool', toolCallId: 'c1', name: 'write', status: 'running' };
    log.apply(events([item('i1', 'writing'), tool]));
    const ask = {
      id: 'a1',
      revision: 1,
      toolCallId: 'c1',
      itemId: 'tool-c1',
      title: 'write',
      kind: 'permission' as const,
      tool: { name: 'write', input: {} },
      options: [{ id: 'allow', label: 'Allow', effect: 'allow' as const }],
    };
    log.apply({ epoch: EPOCH, cursor: 3, view: false, events: [{ seq: 3, type: 'ask', ask }] });
    log.apply({ epoch: EPOCH, cursor: 4, view: false, events: [{ seq: 4, type: 'ask-closed', askId: 'a1', decidedBy: 'phone', outcome: { optionIds: ['allow'] } }] });
    log.apply(events([{ ...tool, status: 'done', output: 'wrote hello.txt' }, item('i2', 'done')], 4));
    expect(log.entries.map((e) => (e.type === 'item' ? e.item.id : e.type))).toEqual(['i1', 'decision', 'tool-c1', 'i2']);
    expect(log.entries[2]).toMatchObject({ item: { status: 'done', output: 'wrote hello.txt' } });
    expect(log.bytes).toBe(log.entries.reduce((sum, e) => sum + entryBytes(e), 0));
  });
});
