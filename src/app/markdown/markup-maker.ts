import { jobKey, type JobMessage, type JobReply, type MarkupJob } from './markup-job';

type Sanitize = (html: string) => string;
type Answer = (job: MarkupJob) => Promise<string | null>;

/** What the maker needs of a worker (a DOM `Worker`; a fake in tests). */
export interface WorkerLike {
  postMessage(message: JobMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<JobReply>) => void): void;
  addEventListener(type: 'error', listener: () => void): void;
}

export interface MakerDeps {
  /** The markup worker, or null where there is none (no `Worker`, or it cannot start). */
  startWorker(): WorkerLike | null;
  loadSanitizer(): Promise<Sanitize>;
  /** The same HTML on the page's thread, for when the worker is not there or failed. */
  loadAnswer(): Promise<Answer>;
}

export interface MarkupMaker {
  /** The job's markup once made and sanitised: null where there is none (a diff too large), undefined until made. */
  made(job: MarkupJob): string | null | undefined;
  /** Makes the job once, however often asked at a time; settles when it is made, or could not be (then nothing is kept). Never rejects. */
  make(job: MarkupJob): Promise<void>;
  /** Starts the worker and the sanitiser's load ahead of the first job (a chat about to open). */
  warm(): void;
  /** Settles once nothing asked for is still being made (at once when nothing is): a screen's markup, its colour too, is all in. */
  settled(): Promise<void>;
}

/** Made markup kept, by job: more than a few screens of rows, so a row scrolled back into view is drawn at once. */
export const MADE_MAX = 600;
/**
 * The longest the page sanitises in one task before it lets the browser in. A chat's opening asks
 * for dozens of rows at once, and the replies that came before the sanitiser had loaded were all
 * sanitised in one long task when it came (figures: docs/performance.md).
 */
export const SANITIZE_SLICE_MS = 8;

/**
 * Makes agent markup off the page's thread: the markup worker turns markdown, code and diffs into
 * HTML and the page only sanitises each reply (sanitize-markup.ts), in short tasks. A chat's first
 * screen then costs the page the sanitiser and its own drawing, not marked's start, its
 * lexing or highlight.js's grammars. Where there is no worker, or it fails, the same two run here.
 * What is made is kept (the oldest asked for out first), so a row drawn again shows at once.
 */
export function createMarkupMaker(deps: MakerDeps): MarkupMaker {
  const made = new Map<string, string | null>();
  const making = new Map<string, Promise<void>>();
  const waitingForAll: (() => void)[] = [];
  const waiting = new Map<number, { job: MarkupJob; done: (html: string | null) => void; fail: (err: unknown) => void }>();
  let nextId = 1;
  let worker: WorkerLike | null | undefined;
  let sanitizer: Promise<Sanitize> | undefined;
  let answer: Promise<Answer> | undefined;

  const sanitize = () => (sanitizer ??= retrying(deps.loadSanitizer, () => (sanitizer = undefined)));
  /** HTML waiting for the sanitiser, oldest first, sanitised in slices (SANITIZE_SLICE_MS) one task each. */
  const line: { html: string; done: (markup: string) => void; fail: (err: unknown) => void }[] = [];
  let slicing = false;
  const failAll = (err: unknown) => {
    slicing = false;
    for (const { fail } of line.splice(0)) fail(err);
  };
  const slice = (clean: Sanitize) => {
    const start = performance.now();
    while (line.length > 0 && performance.now() - start < SANITIZE_SLICE_MS) {
      const { html, done, fail } = line.shift()!;
      try {
        done(clean(html));
      } catch (err) {
        fail(err);
      }
    }
    if (line.length > 0) setTimeout(() => slice(clean), 0);
    else slicing = false;
  };
  const sanitizeInTurn = (html: string) =>
    new Promise<string>((done, fail) => {
      line.push({ html, done, fail });
      if (slicing) return;
      slicing = true;
      setTimeout(() => void sanitize().then(slice, failAll), 0);
    });
  const here = (job: MarkupJob) => (answer ??= retrying(deps.loadAnswer, () => (answer = undefined))).then((run) => run(job));
  const keep = (key: string, markup: string | null) => {
    if (made.size >= MADE_MAX) made.delete(made.keys().next().value!);
    made.set(key, markup);
  };

  /** Every job the worker still owed is made here, and the next ones too: the worker is gone. */
  const workerFailed = () => {
    worker = null;
    const owed = [...waiting.values()];
    waiting.clear();
    for (const { job, done, fail } of owed) here(job).then(done, fail);
  };
  const startWorker = (): WorkerLike | null => {
    if (worker !== undefined) return worker;
    try {
      worker = deps.startWorker();
    } catch {
      worker = null;
    }
    worker?.addEventListener('message', ({ data }) => {
      const asked = waiting.get(data.id);
      if (!asked) return;
      waiting.delete(data.id);
      if ('failed' in data) here(asked.job).then(asked.done, asked.fail);
      else asked.done(data.html);
    });
    worker?.addEventListener('error', workerFailed);
    return worker;
  };
  const html = (job: MarkupJob): Promise<string | null> => {
    const to = startWorker();
    if (!to) return here(job);
    return new Promise((done, fail) => {
      const id = nextId++;
      waiting.set(id, { job, done, fail });
      to.postMessage({ id, job });
    });
  };

  return {
    made(job) {
      const key = jobKey(job);
      const got = made.get(key);
      if (got === undefined) return undefined;
      // Asked for again: it is among the newest, so the rows on screen are the last to go.
      made.delete(key);
      made.set(key, got);
      return got;
    },
    make(job) {
      const key = jobKey(job);
      if (made.has(key)) return Promise.resolve();
      let pending = making.get(key);
      if (!pending) {
        void sanitize().catch(() => undefined); // loads beside the worker's answer
        pending = html(job)
          .then((out) => (out === null ? null : sanitizeInTurn(out)))
          .then(
            (markup) => keep(key, markup),
            // Not kept: the row shows its text, and asks again when it is drawn anew.
            () => undefined,
          )
          .finally(() => {
            making.delete(key);
            if (making.size === 0) for (const all of waitingForAll.splice(0)) all();
          });
        making.set(key, pending);
      }
      return pending;
    },
    warm() {
      startWorker();
      void sanitize().catch(() => undefined);
    },
    settled() {
      if (making.size === 0) return Promise.resolve();
      return new Promise((resolve) => waitingForAll.push(resolve));
    },
  };
}

/** A load that forgets itself when it fails, so the next ask tries again. */
function retrying<T>(load: () => Promise<T>, forget: () => void): Promise<T> {
  return load().catch((err: unknown) => {
    forget();
    throw err;
  });
}
