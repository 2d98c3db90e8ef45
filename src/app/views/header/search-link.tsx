import { t } from '../../i18n';
import { hrefOf } from '../../routes';
import { Icon } from '../icons';

/** The header's way to search every agent's conversations, on every screen but the search's own. */
export function SearchLink() {
  return (
    <a class="header-action search-link" href={hrefOf({ screen: 'search' })} aria-label={t('search.title')}>
      <Icon name="search" />
    </a>
  );
}
