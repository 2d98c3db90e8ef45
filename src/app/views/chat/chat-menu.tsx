import { useId, useRef } from 'preact/hooks';
import type { ChatJson } from '../../../wire/bridge-json';
import { t } from '../../i18n';
import { hrefOf } from '../../routes';
import type { ActsStore } from '../../stores/acts-store';
import { agentStatusText } from '../agent-status';
import { RecentSends } from '../composer/recent-sends';
import { Icon } from '../icons';
import { ManageSection } from '../manage/manage-section';

interface Props {
  acts: ActsStore;
  chat: ChatJson;
  agentName: string;
  paneId: string;
  canAct: boolean;
  onClosed(): void;
}

/**
 * The chat's menu: a button in the header that opens a sheet with the agent, Rename and Close,
 * and the recent sends. Kept out of the chat itself, so nothing sits below the composer and
 * Rename's field opens in sight. A modal <dialog>: the browser keeps focus in it, Escape closes it,
 * and nothing on the page can cover it.
 */
export function ChatMenu({ acts, chat, agentName, paneId, canAct, onClosed }: Props) {
  const sheet = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const status = agentStatusText(chat.agent);
  const writes = chat.agent.caps?.send || chat.agent.caps?.steer;
  const close = () => sheet.current?.close();
  return (
    <>
      <button type="button" class="header-action chat-menu-button" aria-haspopup="dialog" aria-label={t('chat.menu')} onClick={() => sheet.current?.showModal()}>
        <Icon name="more" />
      </button>
      <dialog
        ref={sheet}
        class="chat-sheet"
        aria-labelledby={titleId}
        // A tap on the backdrop (the dialog itself, outside its content) closes it, as a sheet does.
        onClick={(event) => event.target === sheet.current && close()}
      >
        <div class="chat-sheet-body">
          <div class="chat-sheet-top">
            {/* The dialog's name; not a heading, so the chat keeps one heading with its title. */}
            <p id={titleId} class="chat-sheet-title">
              {chat.pane.title}
            </p>
            <button type="button" class="header-action" aria-label={t('chat.menuClose')} onClick={close}>
              <Icon name="failed" />
            </button>
          </div>
          <section class="chat-sheet-agent" aria-label={t('chat.agentInfo')}>
            <a href={hrefOf({ screen: 'agent', agent: agentName })}>{t('chat.agentLink', { agent: agentName })}</a>
            <p class="muted">{status ?? t('chat.agentConnected')}</p>
          </section>
          {canAct && (
            <ManageSection
              acts={acts}
              chat={chat}
              agentName={agentName}
              paneId={paneId}
              onClosed={() => {
                close();
                onClosed();
              }}
            />
          )}
          {canAct && writes && <RecentSends sends={chat.sends} previewOf={(id) => acts.previewOf(id)} />}
        </div>
      </dialog>
    </>
  );
}
