import type { ObjectStorage } from '../object-storage';

/** A Durable Object's key-value storage as a Map; values are copied in and out, as storage does. */
export class MapStorage implements ObjectStorage {
  readonly data = new Map<string, unknown>();
  async get<T>(key: string) {
    return structuredClone(this.data.get(key)) as T | undefined;
  }
  async list<T>({ prefix }: { prefix: string }) {
    const keys = [...this.data.keys()].filter((k) => k.startsWith(prefix)).sort();
    return new Map(keys.map((k) => [k, structuredClone(this.data.get(k)) as T]));
  }
  async put(entries: Record<string, unknown>) {
    if (Object.keys(entries).length > 128) throw new Error('more than 128 keys in one put');
    for (const [k, v] of Object.entries(entries)) this.data.set(k, structuredClone(v));
  }
  async delete(keys: string[]) {
    return keys.filter((k) => this.data.delete(k)).length;
  }
}
