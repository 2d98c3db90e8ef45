import { appendFile, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { rememberBounded } from '../../wire/bounded-map';
import type { ActOutcome, AskOutcome } from '../../wire/write-json';
import { isRecord } from '../../wire/read';
import { tightenFile, writePrivateFile } from '../fs/private-file';

/** What a phone asked the bridge to do to an agent. */
export type Act = 'answer' | 'send' | 'abort' | 'action' | 'starter' | 'rename' | 'close' | 'reopen';

/**
 * The bridge's receipt of one phone request, keyed by the phone's request id. It never holds
 * typed text: an answer keeps its option ids or only its kind; the payload is kept as a hash,
 * enough to tell a retry from a reused id.
 */
export interface Receipt {
  requestId: string;
  act: Act;
  channel: 'program';
  /** Ids and numbers the act named (pane, ask and revision, turn, action, starter…). */
  target: Record<string, string | number | boolean | null>;
  /** What was chosen, never what was typed. */
  details: Record<string, string | number | boolean | string[] | null>;
  payloadHash: string;
  /** How many times the bridge passed this request to the agent (at most twice). */
  attempts: number;
  status: ReceiptStatus;
  /** With `agent-refused`: the agent's own code (cleaned), which the audit line names. */
  refusedCode?: string;
  at: string;
  updatedAt: string;
}

/**
 * Where a receipt stands: `new` before the agent hears anything, `sending` while it is sent, then
 * the reply's outcome, or `agent-refused` when the agent refused the request outright.
 */
export type ReceiptStatus = 'new' | 'sending' | AskOutcome | ActOutcome | 'agent-refused';

const FILE = 'receipts.jsonl';
/** Receipts kept in memory (and in the file after it is compacted). */
export const LEDGER_MEMORY = 1000;

/**
 * The one request-id ledger per agent: `<state>/durable/<name>/receipts.jsonl` (0600), one JSON
 * line per change, written before the agent is asked, so a bridge that restarts mid-request
 * still knows the request it had begun.
 */
export class Ledger {
  private readonly receipts = new Map<string, Receipt>();
  private readonly listeners = new Set<() => void>();
  /** Rises on every receipt written, for the views that show them. */
  version = 0;
  private writing: Promise<void> = Promise.resolve();

  private constructor(private readonly file: string) {}

  static async open(folder: string, log: (line: string) => void): Promise<Ledger> {
    const ledger = new Ledger(join(folder, FILE));
    await tightenFile(ledger.file, log);
    // No file yet is a first start; any other failure stops the start: answers rest on these receipts.
    const text = await readFile(ledger.file, 'utf8').catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? '' : Promise.reject(err)));
    let lines = 0;
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      lines += 1;
      try {
        const value: unknown = JSON.parse(line);
        if (isRecord(value) && typeof value.requestId === 'string') ledger.remember(fromDisk(value));
      } catch {
        log(`[bridge] ${ledger.file}: a line that is not JSON was skipped`);
      }
    }
    if (lines > LEDGER_MEMORY * 2) await ledger.compact();
    return ledger;
  }

  get(requestId: string): Receipt | undefined {
    return this.receipts.get(requestId);
  }

  /** The receipts kept, oldest first. */
  all(): Receipt[] {
    return [...this.receipts.values()];
  }

  /** Hears every receipt written (the phone's "Recent sends" follows them). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Records a receipt (new or changed) and resolves once it is on disk. */
  write(receipt: Receipt): Promise<void> {
    this.remember(receipt);
    this.version += 1;
    for (const listener of this.listeners) listener();
    const line = `${JSON.stringify(receipt)}\n`;
    const written = this.writing.then(() => appendDurably(this.file, line));
    this.writing = written.catch(() => undefined); // one failed write fails its own request only
    return written;
  }

  private remember(receipt: Receipt): void {
    rememberBounded(this.receipts, receipt.requestId, receipt, LEDGER_MEMORY);
  }

  private async compact(): Promise<void> {
    await writePrivateFile(this.file, [...this.receipts.values()].map((r) => `${JSON.stringify(r)}\n`).join(''));
  }
}

/** A receipt as a line on disk: an older build wrote an outright refusal as `refused: <code>`. */
function fromDisk(value: Record<string, unknown>): Receipt {
  const receipt = value as unknown as Receipt;
  const legacy = typeof value.status === 'string' ? /^refused: (.*)$/.exec(value.status) : null;
  return legacy ? { ...receipt, status: 'agent-refused', refusedCode: legacy[1] } : receipt;
}

/** Appends and syncs: a receipt the bridge relies on after a crash must be on the disk. */
async function appendDurably(file: string, line: string): Promise<void> {
  await appendFile(file, line, { mode: 0o600 });
  const handle = await open(file, 'r');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}
