import type { ComponentChildren } from 'preact';
import { ScreenHeader } from '../header/screen-header';
import './chat.css';

interface Props {
  title: string;
  /** Where Back leads: the agent's conversations. */
  backHref: string;
  /** The agent, and what its pane is doing (or that the conversation is closed). */
  meta: ComponentChildren;
  /** A warning that belongs on top, such as the agent being unreachable. */
  note?: string | null;
  /** The chat's menu button (Rename, Close, Recent sends, the agent). */
  actions?: ComponentChildren;
  /** The connection's state, kept in sight above the chat. */
  banner?: ComponentChildren;
}

/**
 * A chat's header: the screen header every screen wears, with the conversation as its title and
 * the agent and the pane's state under it. It stands outside <main>, so the chat's own links are
 * only the agent's.
 */
export function ChatHeader({ title, backHref, meta, note, actions, banner }: Props) {
  return (
    <ScreenHeader title={title} subtitle={meta} backHref={backHref} actions={actions}>
      {banner}
      {note && (
        <p class="banner warn" role="status">
          {note}
        </p>
      )}
    </ScreenHeader>
  );
}
