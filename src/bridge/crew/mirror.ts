import { LONG_POLL_MS } from '../http/long-poll-ms';
import { pollLoop, type PollOutcome } from '../../wire/poll-loop';
import { TransportError } from '../link/transport';
import { crewCall, type CrewTls } from './crew-call';

/**
 * How the lead reads a member (docs/bridge.md §9), in the wire's one long-poll loop: a first read
 * within `firstMs`, then long-polls the member holds up to its own LONG_POLL_MS, each within that
 * plus `slackMs`; after a failed read (or a view gone) the next waits `retryMs`, doubling up to
 * `maxRetryMs`. A view no phone asked for in `idleMs` stops being read. `replyBytes` bounds what
 * one reply may be.
 */
export const CREW_READ = { firstMs: 5000, slackMs: 5000, retryMs: 1000, maxRetryMs: 10_000, idleMs: 60_000, replyBytes: 16 * 1024 * 1024 };

/** How a member's view stands: not read yet, read, two reads in a row failed, or its key refused. */
export type MirrorState = 'reading' | 'live' | 'not-answering' | 'refused';

let lastVersion = 0;
/**
 * A version no source of the crew had before, so a rendering the phone room keeps by its sources'
 * versions never matches a later view (a mirror stopped and opened again starts from here).
 */
export const nextVersion = () => ++lastVersion;

/** Reads in a row that must fail before a member counts as not answering. */
export const MISSES_TO_DOWN = 2;

export interface MirrorOptions<T> {
  origin: string;
  key: string;
  /** The member's phone path, with its query if any. */
  path: string;
  parse: (raw: unknown) => T | null;
  tls?: CrewTls;
  read?: Partial<typeof CREW_READ>;
  log: (line: string) => void;
  /** For the log: "build-box's dashboard". */
  what: string;
  /** Hears every read's outcome, a 304 too (`collie crew list`'s last seen). */
  onRead?: (state: MirrorState) => void;
}

/**
 * One of a member's views, kept live on the lead by reading it as a phone does (ETag and
 * long-poll), cleaned by `parse`. It is a source the lead's own views follow: its version rises
 * when the value or the state changes, so a phone's long-poll on the lead wakes then.
 */
export class Mirror<T> {
  version = 0;
  value: T | null = null;
  /** The member answered 404: the agent or the conversation is not there (any more). */
  gone = false;
  state: MirrorState = 'reading';
  lastUsed = Date.now();
  private etag: string | null = null;
  private misses = 0;
  private readonly listeners = new Set<() => void>();
  private readonly stopped = new AbortController();
  private firstSettled: () => void = () => {};
  /** Settles once the first read is done, whatever it gave. */
  readonly first: Promise<void>;
  private readonly read: typeof CREW_READ;

  constructor(private readonly options: MirrorOptions<T>) {
    this.read = { ...CREW_READ, ...options.read };
    this.first = new Promise((resolve) => (this.firstSettled = resolve));
    void this.loop();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stop(): void {
    this.stopped.abort();
    this.firstSettled();
  }

  get isStopped(): boolean {
    return this.stopped.signal.aborted;
  }

  private changed(): void {
    this.version = nextVersion();
    for (const listener of [...this.listeners]) listener();
  }

  private loop(): Promise<void> {
    return pollLoop({
      read: async (wait) => {
        const outcome = await this.readOnce(wait);
        this.firstSettled();
        return outcome;
      },
      holdsVersion: () => this.etag !== null,
      running: () => !this.stopped.signal.aborted,
      failed: { firstMs: this.read.retryMs, maxMs: this.read.maxRetryMs },
      gone: { firstMs: this.read.retryMs, maxMs: this.read.maxRetryMs },
      pause: (ms) => this.pause(ms),
    });
  }

  private async readOnce(wait: boolean): Promise<PollOutcome> {
    const path = wait ? `${this.options.path}${this.options.path.includes('?') ? '&' : '?'}wait=1` : this.options.path;
    try {
      const res = await crewCall(
        this.options.origin,
        {
          method: 'GET',
          path,
          key: this.options.key,
          headers: this.etag ? { 'if-none-match': this.etag } : {},
          deadlineMs: wait ? LONG_POLL_MS + this.read.slackMs : this.read.firstMs,
          maxBytes: this.read.replyBytes,
          signal: this.stopped.signal,
        },
        this.options.tls,
      );
      return this.take(res.status, res.json, res.headers.etag);
    } catch (err) {
      if (!(err instanceof TransportError)) throw err;
      if (!this.stopped.signal.aborted) this.miss(err.message);
      return 'failed';
    }
  }

  /** How the member answered: as it should (`ok`: the next read follows at once), or not. */
  private take(status: number, json: unknown, etag: string | string[] | undefined): PollOutcome {
    if (status === 304) return this.answered(false);
    if (status === 401 || status === 403) {
      this.setState('refused', `${this.options.what}: the member refuses the lead's key (${status})`);
      return 'failed';
    }
    if (status === 404) {
      const was = this.gone;
      this.gone = true;
      this.value = null;
      this.etag = null;
      this.answered(!was);
      return 'gone'; // read again after a pause: it may come back
    }
    if (status !== 200) {
      this.miss(`it answered ${status}`);
      return 'failed';
    }
    const parsed = this.options.parse(json);
    if (parsed === null) {
      this.miss('its reply could not be read');
      return 'failed';
    }
    this.value = parsed;
    this.gone = false;
    this.etag = typeof etag === 'string' && etag.length <= 128 ? etag : null;
    return this.answered(true);
  }

  private answered(moved: boolean): 'ok' {
    this.misses = 0;
    const wasLive = this.state === 'live';
    this.state = 'live';
    this.options.onRead?.('live');
    if (moved || !wasLive) this.changed();
    return 'ok';
  }

  private miss(why: string): void {
    this.misses += 1;
    this.etag = null; // read whole again once it answers
    if (this.misses === MISSES_TO_DOWN) this.setState('not-answering', `${this.options.what}: not answering (${why})`);
  }

  private setState(state: MirrorState, line: string): void {
    if (this.state === state) return;
    this.state = state;
    this.options.onRead?.(state);
    this.options.log(`[bridge] crew: ${line}`);
    this.changed();
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const signal = this.stopped.signal;
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done, { once: true });
    });
  }
}
