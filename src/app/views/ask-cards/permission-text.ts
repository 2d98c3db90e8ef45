import { allowAlwaysOffered } from '../../../wire/allow-always';
import type { PermissionOption } from '../../../wire/types';
import { t } from '../../i18n';
import type { AskOfKind } from './body-props';

/**
 * The permission card's headline. It is built from the tool's name only: the ask's title and
 * reason are model text, and a model must not be able to word the question the person approves.
 */
export function permissionHeadline(ask: AskOfKind<'permission'>): string {
  return ask.tool ? t('ask.permission.headline', { tool: ask.tool.name }) : t('ask.permission.noTool');
}

/** The options the card offers: allow-always only by the wire's own rule (the bridge checks it too). */
export function offeredOptions(ask: AskOfKind<'permission'>, overToken: boolean): PermissionOption[] {
  const allowAlways = allowAlwaysOffered(ask, overToken);
  return ask.options.filter((option) => allowAlways || option.effect !== 'allow-always');
}
