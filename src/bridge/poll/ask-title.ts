import type { Ask } from '../../wire/types';

/** What the inbox and a list's row may say of an ask: for a permission ask, the tool's name only, as its card does. */
export function askTitle(ask: Ask): string {
  return ask.kind === 'permission' ? (ask.tool?.name ?? '') : ask.title;
}
