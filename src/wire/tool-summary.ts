/** The input fields that name a tool call's command (a string, or an argv list). */
export const COMMAND_KEYS = ['command', 'cmd'] as const;
/** The input fields that name the file or files a tool call acts on. */
export const PATH_KEYS = ['path', 'file_path', 'filePath', 'file', 'paths'] as const;

const asRecord = (input: unknown): Record<string, unknown> | null =>
  typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : null;

/** A field as words: a string, or a list of strings joined by spaces (an argv, paths). */
export function fieldWords(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) return value.join(' ');
  return undefined;
}

/** The command a tool's input names, whole (the first of `COMMAND_KEYS` that reads), if any. */
export function commandOf(input: unknown): string | undefined {
  const fields = asRecord(input);
  for (const key of COMMAND_KEYS) {
    const command = fields ? fieldWords(fields[key]) : undefined;
    if (command !== undefined) return command;
  }
  return undefined;
}

/**
 * What a tool call acts on, in one line, for where a card's whole input does not fit (a
 * notification, a list): its command, else its path. `whole` is false when that line leaves
 * anything of it out (a command of several lines).
 */
export function toolSummary(input: unknown): { text: string; whole: boolean } | null {
  const fields = asRecord(input);
  if (!fields) return null;
  for (const key of [...COMMAND_KEYS, ...PATH_KEYS]) {
    const text = fieldWords(fields[key]);
    if (text === undefined || text.trim() === '') continue;
    const [first = ''] = text.split('\n');
    return { text: first, whole: first === text };
  }
  return null;
}
