/**
 * The part of a Durable Object's storage the kit uses: its key-value API (`ctx.storage`), which
 * a SQLite-backed object and the local workerd both give. Written here so the kit compiles
 * without Cloudflare's type package; tests hand in a Map-backed stand-in.
 */
export interface ObjectStorage {
  get<T = unknown>(key: string): Promise<T | undefined>;
  list<T = unknown>(options: { prefix: string }): Promise<Map<string, T>>;
  put(entries: Record<string, unknown>): Promise<void>;
  delete(keys: string[]): Promise<number>;
}

/** How many keys one `put` or `delete` may name (Cloudflare's limit). */
export const KEYS_PER_CALL = 128;

/** A number as a key part that sorts as the number does (keys list in byte order). */
export const keyNumber = (n: number) => String(n).padStart(12, '0');
