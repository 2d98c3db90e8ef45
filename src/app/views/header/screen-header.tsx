import type { ComponentChildren } from 'preact';
import { t } from '../../i18n';
import { Icon } from '../icons';
import './header.css';

interface Props {
  /** The screen's title; on the dashboard it is the app's name, the page's one visible h1. */
  title: ComponentChildren;
  /** The app's name is the title (the dashboard, pairing): it is the h1, not a second heading. */
  appTitle?: boolean;
  /** The agent or machine the screen belongs to, or the pane's state. */
  subtitle?: ComponentChildren;
  /** Where the back arrow leads; none on the first screen. */
  backHref?: string | null;
  /** Icon buttons or links, each with its own name. */
  actions?: ComponentChildren;
  /** Lines that must stay in sight while the screen scrolls: the connection, an agent not answering. */
  children?: ComponentChildren;
}

/**
 * Every screen's header, one pattern (a messenger's): a back arrow, the screen's title with the
 * agent or machine under it, actions as named icons on the right, and below them what the person
 * must not miss (the connection's state). It sticks to the top, so none of it scrolls away.
 */
export function ScreenHeader({ title, appTitle = false, subtitle, backHref, actions, children }: Props) {
  return (
    <header class="screen-header">
      {/* The page's one h1 names the app; on other screens it stays for screen readers only. */}
      {!appTitle && <h1 class="visually-hidden">{t('app.title')}</h1>}
      <div class="screen-header-row">
        {backHref && (
          <a class="header-back" href={backHref} aria-label={t('nav.back')}>
            <Icon name="back" />
          </a>
        )}
        <div class="header-heading">
          {appTitle ? <h1 class="header-title">{title}</h1> : <h2 class="header-title">{title}</h2>}
          {subtitle && <p class="header-subtitle">{subtitle}</p>}
        </div>
        {actions && <div class="header-actions">{actions}</div>}
      </div>
      {children}
    </header>
  );
}
