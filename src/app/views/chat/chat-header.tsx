import type { ComponentChildren } from 'preact';
import { t } from '../../i18n';
import { Icon } from '../icons';
import './chat.css';

interface Props {
  title: string;
  /** Where Back leads: the agent's conversations. */
  backHref: string;
  /** The agent, and what its pane is doing (or that the conversation is closed). */
  meta: ComponentChildren;
  /** A warning that belongs on top, such as the agent being unreachable. */
  note?: string | null;
}

/**
 * The chat's own header, which stays on top while the chat scrolls under it: Back, the
 * conversation's title, the agent and the pane's state. It stands outside <main>, so the
 * chat's own links are only the agent's.
 */
export function ChatHeader({ title, backHref, meta, note }: Props) {
  return (
    <header class="chat-header">
      {/* The frame's bar, which names the app, is hidden on a chat: its heading stays for screen readers. */}
      <h1 class="visually-hidden">{t('app.title')}</h1>
      <div class="chat-header-row">
        <a class="chat-back" href={backHref} aria-label={t('nav.back')}>
          <Icon name="back" />
        </a>
        <div class="chat-heading">
          <h2 class="chat-title">{title}</h2>
          <p class="chat-meta">{meta}</p>
        </div>
      </div>
      {note && (
        <p class="banner warn chat-note" role="status">
          {note}
        </p>
      )}
    </header>
  );
}
