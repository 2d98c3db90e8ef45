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

/** A copy of a view the phone read, with when it read it (ms since the epoch). */
export interface Kept<T> {
  value: T;
  at: number;
}

/**
 * What the phone last read of the bridge (the dashboard, lists, chats), kept in IndexedDB so the
 * app opens with it while the bridge or the network is gone. The same promise as above: nothing
 * here throws, a copy that does not read back is dropped, a failed write only loses the copy.
 * idb-keyval loads on first use, off the first screen's path.
 */
export interface KeptCopies {
  read<T>(key: string, parse: (raw: unknown) => T | null): Promise<Kept<T> | null>;
  write(key: string, value: unknown, at: number): Promise<boolean>;
  /** Every copy's key (none when nothing can be read): a search offline reads the chats kept. */
  keys(): Promise<string[]>;
  /** Forgets every copy: the phone was unpaired (revoked, or forgotten). */
  clear(): Promise<void>;
}

/** Raised when the shape of what is kept changes: copies of another version are dropped unread. */
const COPY_VERSION = 1;

export interface CopyBackend {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  keys(): Promise<string[]>;
  clear(): Promise<void>;
}

async function idbBackend(): Promise<CopyBackend> {
  const idb = await import('idb-keyval');
  const store = idb.createStore('collie', 'copies');
  return { get: (key) => idb.get(key, store), set: (key, value) => idb.set(key, value, store), keys: () => idb.keys<string>(store), clear: () => idb.clear(store) };
}

export function createKeptCopies(backend: () => Promise<CopyBackend> = idbBackend): KeptCopies {
  let opened: Promise<CopyBackend> | null = null;
  const open = () => (opened ??= backend());
  return {
    async read(key, parse) {
      try {
        const raw = await (await open()).get(key);
        if (typeof raw !== 'object' || raw === null) return null;
        const { v, at, value } = raw as { v?: unknown; at?: unknown; value?: unknown };
        if (v !== COPY_VERSION || typeof at !== 'number') return null;
        const parsed = parse(value);
        return parsed === null ? null : { value: parsed, at };
      } catch (err) {
        console.warn(`storage: the kept copy ${key} could not be read`, err);
        return null;
      }
    },
    async write(key, value, at) {
      try {
        await (await open()).set(key, { v: COPY_VERSION, at, value });
        return true;
      } catch (err) {
        console.warn(`storage: the copy ${key} could not be kept`, err);
        return false;
      }
    },
    keys: () =>
      open()
        .then((b) => b.keys())
        .catch(() => []),
    async clear() {
      try {
        await (await open()).clear();
      } catch (err) {
        console.warn('storage: the kept copies could not be cleared', err);
      }
    },
  };
}
