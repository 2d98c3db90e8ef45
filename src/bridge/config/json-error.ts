/**
 * Says where a JSON file fails to parse without quoting it: V8's own message can quote the
 * text, and a config file's text may hold a token.
 */
export function describeJsonError(text: string, err: unknown): string {
  if (text.trim() === '') return 'the file is empty';
  const message = err instanceof Error ? err.message : '';
  if (/Unexpected end of JSON input/.test(message)) return 'the JSON ends too early';
  const position = /at position (\d+)/.exec(message)?.[1];
  if (position === undefined) return 'the JSON does not parse';
  const before = text.slice(0, Number(position));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `the JSON does not parse at line ${line}, column ${column}`;
}
