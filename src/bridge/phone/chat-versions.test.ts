import { describe, expect, it } from 'vitest';
import type { ChatEntry, ChatJson } from '../../wire/bridge-json';
import { ChatVersions } from './chat-versions';
import { rendered } from './long-poll';

const item = (id: string): ChatEntry => ({ type: 'item', item: { id, kind: 'reply', at: '', text: `the text of ${id} `.repeat(4) } });
const chatOf = (entries: ChatEntry[]): ChatJson => ({
  agent: { name: 'desk', where: 'here', status: 'ok', open: 1, needsYou: 0, caps: null },
  pane: { id: 'p', title: 'Work', workspaceId: 'w', tabId: 't', state: 'idle', turn: null, belt: [] },
  entries,
  asks: [],
  trimmed: false,
  sends: [],
});

/** A chat view that grows by one entry per rendering, remembered as the bridge renders it. */
function growing(versions: ChatVersions, key = 'chat', epoch = 'e1') {
  const entries = [item('i0'), item('i1'), item('i2')];
  const tags: string[] = [];
  const renderNext = (epochNow = epoch) => {
    entries.push(item(`i${entries.length}`));
    const chat = chatOf(entries); // the live list, as the pane log's: it moves on after this rendering
    const view = rendered(JSON.stringify(chat));
    versions.remember(key, view, chat, epochNow);
    tags.push(view.etag);
    return view;
  };
  return { tags, renderNext };
}

describe('ChatVersions', () => {
  it('sends what changed since a remembered version, once per pair of versions, under the current ETag', () => {
    const versions = new ChatVersions({ chatVersions: 8, chatViews: 4 });
    const chat = growing(versions);
    chat.renderNext();
    const current = chat.renderNext();
    const delta = versions.since('chat', chat.tags[0]!, current)!;
    expect(delta.etag).toBe(current.etag);
    expect(JSON.parse(delta.text)).toEqual({ delta: { from: chat.tags[0], held: 4, entries: [[0, 4], item('i4')] } });
    expect(versions.since('chat', chat.tags[0]!, current)).toBe(delta);
    expect(versions.made).toBe(1);
  });

  it('sends the whole view for a version it no longer has, one it never had, or another epoch', () => {
    const versions = new ChatVersions({ chatVersions: 3, chatViews: 4 });
    const chat = growing(versions);
    for (let i = 0; i < 4; i += 1) chat.renderNext();
    const current = chat.renderNext('e2');
    expect(versions.since('chat', chat.tags[0]!, current)).toBeNull(); // pushed out by newer renderings
    expect(versions.since('chat', '"never"', current)).toBeNull();
    expect(versions.since('chat', chat.tags[3]!, current)).toBeNull(); // remembered, but from epoch e1
    expect(versions.since('chat', current.etag, current)).toBeNull(); // nothing changed: that is a 304
  });

  it('forgets the chats rendered longest ago first', () => {
    const versions = new ChatVersions({ chatVersions: 8, chatViews: 2 });
    const [a, b, c] = ['a', 'b', 'c'].map((key) => growing(versions, key));
    const firstA = a!.renderNext();
    b!.renderNext();
    const nowA = a!.renderNext();
    c!.renderNext();
    expect(versions.since('a', firstA.etag, nowA)).not.toBeNull();
    b!.renderNext();
    expect(versions.since('a', firstA.etag, nowA)).toBeNull();
  });

  it('sends the whole view when a delta would be no smaller', () => {
    const versions = new ChatVersions({ chatVersions: 8, chatViews: 2 });
    const before = chatOf([item('a')]);
    versions.remember('chat', rendered(JSON.stringify(before)), before, 'e');
    // Every field changed: the delta would carry the whole view and more.
    const after: ChatJson = { ...chatOf([item('b')]), agent: { ...before.agent, needsYou: 1 }, pane: { ...before.pane, state: 'waiting' }, trimmed: true };
    const view = rendered(JSON.stringify(after));
    versions.remember('chat', view, after, 'e');
    expect(versions.since('chat', rendered(JSON.stringify(before)).etag, view)).toBeNull();
  });
});
