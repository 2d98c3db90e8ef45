import type { PermissionOption } from '../../../wire/types';
import { t } from '../../i18n';
import type { AskOfKind } from './body-props';

/** Longer input is cut: the card is a phone screen, not a log viewer. */
export const INPUT_SHOWN_CHARS = 1200;

/**
 * The permission card's headline. It is built from the tool's name only: the ask's title and
 * reason are model text, and a model must not be able to word the question the person approves.
 */
export function permissionHeadline(ask: AskOfKind<'permission'>): string {
  return ask.tool ? t('ask.permission.headline', { tool: ask.tool.name }) : t('ask.permission.noTool');
}

/** The tool's input as monospace text: its `command` when it has one, else compact JSON. */
export function toolInputText(input: unknown): string | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'object' && !Array.isArray(input)) {
    const command = (input as Record<string, unknown>).command;
    if (typeof command === 'string') return command;
  }
  const json = JSON.stringify(input);
  if (json === undefined || json === '{}') return null;
  return json.length > INPUT_SHOWN_CHARS ? `${json.slice(0, INPUT_SHOWN_CHARS)}…` : json;
}

/**
 * The options the card offers. allow-always outlives this question, so it is left out whenever
 * the person cannot fully see what it would allow: over TLS with a token (wire-v1 §5), when the
 * card's text was shortened or cleaned, or when the card names no tool.
 */
export function offeredOptions(ask: AskOfKind<'permission'>, overToken: boolean): PermissionOption[] {
  const allowAlways = !overToken && !ask.shortened && ask.tool !== null;
  return ask.options.filter((option) => allowAlways || option.effect !== 'allow-always');
}
