/**
 * The phone's one way to durable browser storage. It never throws: private modes, full quotas
 * and hand-edited values read as "nothing stored", and a failed write only loses durability.
 */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface Storage {
  read<T>(key: string, parse: (raw: unknown) => T | null): T | null;
  write(key: string, value: unknown): boolean;
}

export function createStorage(backend: () => KeyValueStore | undefined = () => globalThis.localStorage): Storage {
  return {
    read(key, parse) {
      try {
        const text = backend()?.getItem(key);
        return text ? parse(JSON.parse(text)) : null;
      } catch (err) {
        console.warn(`storage: ${key} could not be read`, err);
        return null;
      }
    },
    write(key, value) {
      try {
        const store = backend();
        if (!store) return false;
        store.setItem(key, JSON.stringify(value));
        return true;
      } catch (err) {
        console.warn(`storage: ${key} could not be written`, err);
        return false;
      }
    },
  };
}
