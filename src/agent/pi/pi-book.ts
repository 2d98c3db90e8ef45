import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the entry point remembers of one conversation besides its items (the kit keeps those). */
export interface PiConversationRecord {
  /** Pi's own session file: the model's context, resumed on restart and on reopen. */
  sessionFile: string;
  /** Tools the person allowed always, for the rest of this conversation. */
  allowAlways: string[];
  /** Tool calls the person allowed (or that needed no permission) before they ran: never asked again, never run twice. */
  allowed: string[];
}

const FILE = 'pi-conversations.json';
/** Allowed tool calls remembered per conversation: only the newest matter (a restart looks at the last message's calls). */
const ALLOWED_MEMORY = 200;

/**
 * The entry point's memory, `<data>/pi-conversations.json` (0600), written synchronously and
 * atomically: an "allowed" mark is on disk before the tool runs, so an agent killed while the
 * tool runs never asks again nor runs it a second time.
 */
export class PiBook {
  private constructor(
    private readonly path: string,
    private readonly records: Record<string, PiConversationRecord>,
  ) {}

  static open(dataDir: string): PiBook {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const path = join(dataDir, FILE);
    let text: string | null = null;
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    const parsed: unknown = text === null ? {} : JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${path} does not hold the entry point's conversations`);
    return new PiBook(path, parsed as Record<string, PiConversationRecord>);
  }

  get(conversationId: string): PiConversationRecord | undefined {
    return this.records[conversationId];
  }

  set(conversationId: string, sessionFile: string): PiConversationRecord {
    const record = this.records[conversationId] ?? { sessionFile, allowAlways: [], allowed: [] };
    record.sessionFile = sessionFile;
    this.records[conversationId] = record;
    this.save();
    return record;
  }

  allow(conversationId: string, toolCallId: string): void {
    const record = this.records[conversationId];
    if (!record || record.allowed.includes(toolCallId)) return;
    record.allowed = [...record.allowed, toolCallId].slice(-ALLOWED_MEMORY);
    this.save();
  }

  allowAlways(conversationId: string, toolName: string): void {
    const record = this.records[conversationId];
    if (!record || record.allowAlways.includes(toolName)) return;
    record.allowAlways = [...record.allowAlways, toolName];
    this.save();
  }

  private save(): void {
    const temp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(this.records), { mode: 0o600 });
    renameSync(temp, this.path);
  }
}
