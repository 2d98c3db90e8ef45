import en from '../../locales/en.json';

/** Every user-facing sentence has a key in locales/en.json; a missing key fails the type check. */
export type MessageKey = keyof typeof en;

const messages: Record<MessageKey, string> = en;

/** The one lookup for copy: `{name}` placeholders are filled from `params`, as text. */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  return messages[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
