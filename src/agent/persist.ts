import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConversationRecord } from './conversations';

const FILE = 'conversations.json';
/** Writes are gathered for this long so a burst of items costs one write. */
export const SAVE_DELAY_MS = 200;

/** Keeps an agent's conversations in a folder of its own (0700, file 0600), written atomically. */
export class ConversationStore {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly dir: string,
    private readonly records: () => ConversationRecord[],
    private readonly log: (line: string) => void,
  ) {}

  async load(): Promise<ConversationRecord[]> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await chmod(this.dir, 0o700);
    const text = await readFile(join(this.dir, FILE), 'utf8').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
    if (text === null) return [];
    const parsed: unknown = JSON.parse(text);
    // The file is the kit's own, written by save(); a hand-edited or foreign file is refused whole.
    if (!Array.isArray(parsed)) throw new Error(`${join(this.dir, FILE)} does not hold a list of conversations`);
    return parsed as ConversationRecord[];
  }

  /** Schedules a write; calls in a burst share one. */
  changed(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, SAVE_DELAY_MS);
    this.timer.unref?.();
  }

  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const text = JSON.stringify(this.records());
    this.writing = this.writing.then(async () => {
      const target = join(this.dir, FILE);
      const temp = `${target}.${process.pid}.tmp`;
      try {
        await writeFile(temp, text, { mode: 0o600 });
        await rename(temp, target);
      } catch (err) {
        this.log(`[agent] could not save conversations: ${(err as Error).message}`);
      }
    });
    return this.writing;
  }
}
