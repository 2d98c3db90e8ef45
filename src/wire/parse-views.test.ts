import { describe, expect, it } from 'vitest';
import type { AgentRow, ChatJson, DashboardJson } from './bridge-json';
import { LIMITS } from './limits';
import { CAP_NAMES } from './types';
import { parseAgentView, parseChatView, parseDashboard, parseHistory, reading, VIEW_LIMITS } from './parse-views';

const row = (over: Record<string, unknown> = {}) => ({ name: 'desk', where: 'here', status: 'ok', open: 1, needsYou: 1, caps: { send: true }, ...over });
const ask = { agent: 'desk', paneId: 'p1', askId: 'a1', kind: 'permission', title: 'bash', conversation: 'Release', about: 'rm -rf build', aboutCut: true };

describe("the bridge's views read back", () => {
  it('keep what the bridge sent, the command line a permission allows included', () => {
    const r = reading(false);
    const view = parseDashboard({ durable: true, agents: [row()], inbox: [ask] }, r);
    expect(view).toEqual({ durable: true, agents: [{ ...row(), caps: Object.fromEntries(CAP_NAMES.map((c) => [c, c === 'send'])) }], inbox: [ask] });
    expect(r.dropped).toBe(0);
  });

  it('clean every string as text and cut it to its field, never passing markup or controls on', () => {
    const r = reading(false);
    const view = parseDashboard(
      {
        durable: true,
        agents: [row({ runtime: 'x\u0007<b>y</b>', reason: 'a'.repeat(LIMITS.reasonBytes + 10) })],
        inbox: [{ ...ask, title: `<img src=x onerror=alert(1)>\u202e${'t'.repeat(400)}`, about: 'ls\nrm -rf /' }],
      },
      r,
    )!;
    expect(view.agents[0]!.runtime).toBe('x<b>y</b>');
    expect(new TextEncoder().encode(view.agents[0]!.reason).length).toBeLessThanOrEqual(LIMITS.reasonBytes);
    expect(new TextEncoder().encode(view.inbox[0]!.title).length).toBeLessThanOrEqual(LIMITS.titleBytes);
    expect(view.inbox[0]!.title).not.toContain('\u202e');
    // Only the first line of a command shows, and the card says some of it is left out.
    expect(view.inbox[0]).toMatchObject({ about: 'ls', aboutCut: true });
  });

  it('leave out and count a row that does not read, keeping the rest', () => {
    const r = reading(false);
    const view = parseDashboard({ durable: true, agents: [row(), row({ status: 'sleeping' }), 'junk', row({ name: '../x' })], inbox: [{ ...ask, kind: 'vote' }, ask] }, r)!;
    expect(view.agents.map((a) => a.name)).toEqual(['desk']);
    expect(view.inbox).toHaveLength(1);
    expect(r.dropped).toBe(4);
  });

  it("take a crew member's agent (`agent@machine`) and its machine only where the view may hold them", () => {
    const crewRow = row({ name: 'pi@box', where: 'elsewhere', machine: { label: 'box', agent: 'pi' } });
    const member = reading(false);
    expect(parseDashboard({ durable: true, agents: [crewRow], inbox: [] }, member)!.agents).toEqual([]);
    expect(member.dropped).toBe(1);
    const lead = reading(true);
    expect(
      parseDashboard(
        { durable: true, agents: [crewRow, row({ name: 'qa@lab', machine: { label: 'box', agent: 'pi' } })], inbox: [], machines: [{ label: 'box', state: 'live' }] },
        lead,
      ),
    ).toMatchObject({
      agents: [{ name: 'pi@box', machine: { label: 'box', agent: 'pi' } }, { name: 'qa@lab' }],
      machines: [{ label: 'box', state: 'live' }],
    });
    // A machine that does not match the name is not believed.
    expect(parseDashboard({ durable: true, agents: [row({ name: 'qa@lab', machine: { label: 'box', agent: 'pi' } })], inbox: [] }, lead)!.agents[0]!.machine).toBeUndefined();
  });

  it('bound every list and count what is past its bound', () => {
    const member = reading(false);
    expect(parseDashboard({ durable: true, agents: Array.from({ length: VIEW_LIMITS.agents + 1 }, (_, i) => row({ name: `a${i}` })), inbox: [] }, member)!.agents).toHaveLength(
      VIEW_LIMITS.agents,
    );
    expect(member.dropped).toBe(1);
    const r = reading(false);
    const view = parseDashboard({ durable: true, agents: [], inbox: Array.from({ length: VIEW_LIMITS.inbox + 3 }, (_, i) => ({ ...ask, askId: `a${i}` })) }, r)!;
    expect(view.inbox).toHaveLength(VIEW_LIMITS.inbox);
    expect(r.dropped).toBe(3);
  });

  it('read a chat: entries through the wire parsers, a bad one left out, `earlier` kept', () => {
    const chat: ChatJson = {
      agent: row() as unknown as AgentRow,
      pane: { id: 'p1', title: 'Release', workspaceId: 'w1', tabId: 't1', state: 'idle', turn: null, belt: [] },
      entries: [{ type: 'item', item: { id: 'i1', at: '2026-03-12T09:00:00Z', kind: 'reply', text: 'hi' } }],
      asks: [],
      trimmed: false,
      sends: [{ requestId: 'r1', steer: false, status: 'sent', at: '2026-03-12T09:00:00Z' }],
      earlier: 12,
    };
    const r = reading(false);
    const view = parseChatView({ ...chat, entries: [...chat.entries, { type: 'item', item: { id: 'i2', kind: 'reply' } }, { type: 'script' }] }, r)!;
    expect(view.entries).toEqual(chat.entries);
    expect(view.earlier).toBe(12);
    expect(view.sends).toEqual(chat.sends);
    expect(r.dropped).toBe(2);
    const bad = reading(false);
    expect(parseChatView({ ...chat, earlier: -1 }, bad)!.earlier).toBeUndefined();
    expect(bad.dropped).toBe(1);
  });

  it('read what is no view at all as null, and never throw', () => {
    for (const raw of [null, 7, 'x', [], { durable: 'yes', agents: [] }, { agents: {} }]) expect(parseDashboard(raw, reading(true)) satisfies DashboardJson | null).toBeNull();
    expect(parseAgentView({ agent: row({ status: 'nope' }) }, reading(false))).toBeNull();
    expect(parseChatView({ agent: row(), pane: { id: '' } }, reading(false))).toBeNull();
    expect(parseHistory({ conversation: { id: '..' } }, reading(false))).toBeNull();
  });
});
