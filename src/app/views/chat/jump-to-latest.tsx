import { numberFormat } from '../../intl-cache';
import { locale, t } from '../../i18n';
import { Icon } from '../icons';
import './jump-to-latest.css';

interface Props {
  /** Entries below what the reader has reached (not their own). */
  unseen: number;
  onJump(): void;
}

/**
 * The round "jump to the latest" button, shown while the newest entry is out of sight, with the
 * count of entries the reader has not reached. It sits in the dock (jump-to-latest.css), never
 * over the chat: no card's button or row's link can be under it.
 */
export function JumpToLatest({ unseen, onJump }: Props) {
  return (
    <button type="button" class="jump-latest" onClick={onJump} aria-label={unseen > 0 ? t('chat.jumpUnseen', { count: unseen }) : t('chat.jumpToLatest')}>
      <Icon name="down" />
      {unseen > 0 && (
        <span class="jump-count" aria-hidden="true">
          {numberFormat(locale()).format(unseen)}
        </span>
      )}
    </button>
  );
}
