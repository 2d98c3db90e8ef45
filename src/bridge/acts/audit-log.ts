import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tightenFile } from '../fs/private-file';

/** Fields never masked: the named ids and the fixed words of what happened (docs/bridge.md §7). */
const NAMED = new Set(['requestId', 'askId', 'revision', 'turnId', 'actionId', 'starterId', 'conversationId', 'paneId', 'id', 'result', 'answerKind', 'optionIds', 'steer', 'via']);
/** How much of a send's text the audit log keeps. */
export const PREVIEW_CHARS = 120;
const MASK = '[masked]';

export type AuditEvent =
  | 'answer'
  | 'send'
  | 'abort'
  | 'action'
  | 'starter.start'
  | 'durable.reopen'
  | 'space.rename'
  | 'tab.rename'
  | 'pane.rename'
  | 'space.close'
  | 'tab.close'
  | 'pane.close'
  | 'device.pair'
  | 'device.pair-allowed'
  | 'device.pair-refused'
  | 'device.rename'
  | 'device.revoke';

/** Who asked: the paired device, by id and name (docs/bridge.md §7). */
export interface AuditDevice {
  id: string;
  name: string;
}

export type AuditDetails = Record<string, string | number | boolean | string[] | null | undefined>;

/** The audit line's `result` of a reply: its outcome, and why when it was refused. */
export function auditResult(reply: { outcome: string; reason?: string }): string {
  return reply.reason ? `${reply.outcome}: ${reply.reason}` : reply.outcome;
}

/** The first characters of a send, as the audit log may keep them. */
export function preview(text: string): string {
  const chars = [...text];
  return chars.length > PREVIEW_CHARS ? chars.slice(0, PREVIEW_CHARS).join('') : text;
}

/**
 * `<state>/audit.log` (0600): one JSON line per phone write to an agent, with the agent's name
 * as `session`, the device, and the event. It shows what happened afterwards; it blocks nothing,
 * so a failed write is logged and the act goes on. `COLLIE_AUDIT_CONTENT=none` masks every string
 * in the details but the named ids and outcome words.
 */
export class AuditLog {
  private writing: Promise<void>;

  constructor(
    stateDir: string,
    private readonly maskContent: boolean,
    private readonly log: (line: string) => void,
    private readonly file = join(stateDir, 'audit.log'),
  ) {
    // An audit log left wider by hand or by an older build is tightened before the first line.
    this.writing = tightenFile(this.file, log).catch((err: unknown) => log(`[bridge] could not tighten the audit log: ${(err as Error).message}`));
  }

  /** One line; `session` is the agent's name, or null for the bridge's own events (pairing). */
  record(session: string | null, device: AuditDevice | null, event: AuditEvent, details: AuditDetails): Promise<void> {
    const shown: AuditDetails = {};
    for (const [key, value] of Object.entries(details)) {
      if (value === undefined) continue;
      shown[key] = this.maskContent && !NAMED.has(key) && typeof value === 'string' ? MASK : value;
    }
    const who = device ? { device: device.id, deviceName: this.maskContent ? MASK : device.name } : { device: null };
    const line = `${JSON.stringify({ at: new Date().toISOString(), session, ...who, event, ...shown })}\n`;
    this.writing = this.writing
      .then(() => appendFile(this.file, line, { mode: 0o600 }))
      .catch((err: unknown) => this.log(`[bridge] could not write the audit log: ${(err as Error).message}`));
    return this.writing;
  }
}
