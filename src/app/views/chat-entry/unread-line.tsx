import { t } from '../../i18n';
import './unread.css';

/**
 * The divider above the first entry the person had not seen when the chat opened ("Unread
 * messages"), drawn inside that entry's row: the windowed list measures rows, not what is between them.
 */
export function UnreadLine() {
  return <span class="unread-line">{t('chat.unread')}</span>;
}
