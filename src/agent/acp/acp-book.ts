import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FILE = 'acp-sessions.json';
/** Sessions remembered: a conversation's is needed as long as the kit keeps the conversation. */
const MEMORY = 1000;

/**
 * The host's own memory, `<data>/acp-sessions.json` (0600): which ACP session each conversation
 * is (the kit keeps the conversation's title, state and items). Written synchronously and
 * atomically, as soon as a session is made: a restart finds every session it can load again.
 */
export class AcpBook {
  private constructor(
    private readonly path: string,
    private readonly sessions: Map<string, string>,
  ) {}

  static open(dataDir: string): AcpBook {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const path = join(dataDir, FILE);
    const sessions = new Map<string, string>();
    try {
      const parsed = JSON.parse(readFileSync(path, 'utf8')) as unknown;
      if (typeof parsed === 'object' && parsed !== null)
        for (const [conversation, session] of Object.entries(parsed as Record<string, unknown>)) if (typeof session === 'string') sessions.set(conversation, session);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`${path} does not hold the host's sessions`, { cause: err });
    }
    return new AcpBook(path, sessions);
  }

  sessionOf(conversationId: string): string | undefined {
    return this.sessions.get(conversationId);
  }

  set(conversationId: string, sessionId: string): void {
    this.sessions.delete(conversationId);
    this.sessions.set(conversationId, sessionId);
    while (this.sessions.size > MEMORY) this.sessions.delete(this.sessions.keys().next().value!);
    const temp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(Object.fromEntries(this.sessions)), { mode: 0o600 });
    renameSync(temp, this.path);
  }
}
