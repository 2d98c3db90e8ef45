import type { InboxAsk } from '../../../wire/bridge-json';
import { t } from '../../i18n';

/**
 * An open question's headline, as its card words it (the inbox's entries, a list's rows): a
 * permission ask by its tool (the bridge sends the tool's name only, never the model's title),
 * any other ask by its title.
 */
export function inboxHeadline(ask: Pick<InboxAsk, 'kind' | 'title'>): string {
  if (ask.kind !== 'permission') return ask.title;
  return ask.title ? t('ask.permission.headline', { tool: ask.title }) : t('ask.permission.noTool');
}
