/**
 * A JSON text that is the same for equal JSON values, whatever order their keys came in: the
 * request-id memory compares payloads with it, so a client that writes its keys in another order
 * on a retry is still sending the same request (WIRE.md §10).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
