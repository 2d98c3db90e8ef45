import { rememberBounded } from '../../wire/bounded-map';
import type { ChatJson } from '../../wire/bridge-json';
import { diffChat, versionOf, type ChatVersion } from './chat-diff';
import type { Rendered } from './long-poll';

interface ChatHistory {
  /** The latest renderings' versions by ETag, oldest first. */
  versions: Map<string, ChatVersion>;
  latest: {
    version: ChatVersion;
    /** The latest rendering's chat, its entry list copied: the pane log's own list moves on. */
    chat: ChatJson;
    /** Delta replies made from a held version to this one, by the held ETag (null: send the whole view). */
    replies: Map<string, Rendered | null>;
  };
}

export interface ChatVersionLimits {
  /** Renderings remembered per chat view: a phone holding an older one is sent the whole view. */
  chatVersions: number;
  /** Chat views whose renderings are remembered, the least recently rendered forgotten first. */
  chatViews: number;
}

/**
 * The recent renderings of each chat view, so a phone that holds one of them is sent what
 * changed since, not the whole chat. Each delta is made once per (held, current) pair and shared,
 * compression and all, by every phone that holds that version. Memory stays bounded: a handful
 * of fingerprints per entry per remembered version, for a bounded number of versions and views.
 */
export class ChatVersions {
  /** How many deltas were actually made (tests read it). */
  made = 0;
  private readonly chats = new Map<string, ChatHistory>();

  constructor(private readonly limits: ChatVersionLimits) {}

  /** Called once for each new rendering of a chat view, before its pane log can move on. */
  remember(key: string, rendered: Rendered, chat: ChatJson, epoch: string): void {
    const version = versionOf(rendered.etag, epoch, chat);
    const latest = { version, chat: { ...chat, entries: chat.entries.slice() }, replies: new Map<string, Rendered | null>() };
    const versions = this.chats.get(key)?.versions ?? new Map<string, ChatVersion>();
    rememberBounded(versions, rendered.etag, version, this.limits.chatVersions);
    rememberBounded(this.chats, key, { versions, latest }, this.limits.chatViews);
  }

  /**
   * What changed from the version tagged `heldTag` to `current` (the view's current rendering),
   * carrying the whole view's ETag; null when the whole view is to be sent: the version is not
   * remembered (too old, or never rendered here), another epoch, or a delta no smaller than it.
   */
  since(key: string, heldTag: string, current: Rendered): Rendered | null {
    const history = this.chats.get(key);
    if (!history || history.latest.version.etag !== current.etag) return null;
    const { latest } = history;
    const held = history.versions.get(heldTag);
    if (!held || held === latest.version || held.epoch !== latest.version.epoch) return null;
    const kept = latest.replies.get(heldTag);
    if (kept !== undefined) return kept;
    const text = JSON.stringify({ delta: diffChat(held, latest.version, latest.chat) });
    this.made += 1;
    const reply = text.length < current.text.length ? { text, etag: current.etag } : null;
    latest.replies.set(heldTag, reply);
    return reply;
  }
}
