import { describe, expect, it, vi } from 'vitest';
import { answerJob } from './answer-job';
import { createMarkupMaker, MADE_MAX, SANITIZE_SLICE_MS, type MakerDeps, type WorkerLike } from './markup-maker';
import { markdownJob, type JobMessage, type JobReply, type MarkupJob } from './markup-job';

/** A worker that answers when told to, the way the markup worker does (answer-job.ts). */
function fakeWorker() {
  const posted: JobMessage[] = [];
  const listeners: { message: ((event: MessageEvent<JobReply>) => void)[]; error: (() => void)[] } = { message: [], error: [] };
  const worker: WorkerLike = {
    postMessage: (message) => posted.push(message),
    addEventListener: (type: 'message' | 'error', listener: never) => listeners[type].push(listener),
  };
  const reply = (data: JobReply) => listeners.message.forEach((hear) => hear({ data } as MessageEvent<JobReply>));
  return {
    worker,
    posted,
    answerAll: async () => {
      for (const { id, job } of posted.splice(0)) reply({ id, html: await answerJob(job) });
    },
    fail: (id: number) => reply({ id, failed: true }),
    die: () => listeners.error.forEach((hear) => hear()),
  };
}

const sanitized = (html: string) => `[clean]${html}`;
function depsWith(worker: WorkerLike | null, overrides: Partial<MakerDeps> = {}) {
  const deps = {
    startWorker: vi.fn(() => worker),
    loadSanitizer: vi.fn(() => Promise.resolve(sanitized)),
    loadAnswer: vi.fn(() => Promise.resolve(answerJob)),
    ...overrides,
  };
  return deps;
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the markup maker', () => {
  it('asks the worker once per job, however often asked, and keeps what it made, sanitised', async () => {
    const fake = fakeWorker();
    const deps = depsWith(fake.worker);
    const maker = createMarkupMaker(deps);
    const job = markdownJob('**hi**');
    const asked = [maker.make(job), maker.make(job), maker.make(markdownJob('**hi**'))];
    expect(maker.made(job)).toBeUndefined();
    await settle();
    expect(fake.posted).toHaveLength(1);
    await fake.answerAll();
    await Promise.all(asked);
    expect(maker.made(job)).toBe('[clean]<p><strong>hi</strong></p>\n');
    await maker.make(job);
    expect(fake.posted).toHaveLength(0); // made: not asked again
    expect(deps.loadAnswer).not.toHaveBeenCalled(); // nothing made on this thread
    expect(deps.startWorker).toHaveBeenCalledTimes(1);
  });

  it('keeps null, not a sanitised nothing, where there is no markup (a diff too large to draw)', async () => {
    const fake = fakeWorker();
    const maker = createMarkupMaker(depsWith(fake.worker));
    const job: MarkupJob = { kind: 'diff', text: '+x\n'.repeat(5000) };
    const made = maker.make(job);
    await settle();
    await fake.answerAll();
    await made;
    expect(maker.made(job)).toBeNull();
  });

  it('makes a job here when the worker says it failed, and every job here once the worker is gone', async () => {
    const fake = fakeWorker();
    const deps = depsWith(fake.worker);
    const maker = createMarkupMaker(deps);
    const [first, second, third] = ['one', 'two', 'three'].map((text) => markdownJob(text));
    const made = [maker.make(first!), maker.make(second!)];
    await settle();
    fake.fail(fake.posted[0]!.id);
    await made[0];
    expect(maker.made(first!)).toBe('[clean]<p>one</p>\n');
    fake.die(); // the second was still owed
    await made[1];
    expect(maker.made(second!)).toBe('[clean]<p>two</p>\n');
    fake.posted.length = 0;
    await maker.make(third!);
    expect(maker.made(third!)).toBe('[clean]<p>three</p>\n');
    expect(fake.posted).toHaveLength(0);
    expect(deps.loadAnswer).toHaveBeenCalledTimes(1); // its chunk loads once
  });

  it('makes everything here where there is no worker, or it cannot start', async () => {
    for (const startWorker of [
      () => null,
      () => {
        throw new Error('refused');
      },
    ]) {
      const maker = createMarkupMaker(depsWith(null, { startWorker }));
      const job: MarkupJob = { kind: 'code', text: 'const a = 1;', language: 'ts' };
      await maker.make(job);
      expect(maker.made(job)).toMatch(/^\[clean\]<span class="hljs-keyword">const<\/span>/);
    }
  });

  it('keeps nothing when the sanitiser cannot load, and tries again when asked again', async () => {
    const offline = () => Promise.reject(new Error('offline'));
    // Offline for the load begun beside the job and for the one its answer waits on.
    const loadSanitizer = vi.fn<() => Promise<typeof sanitized>>().mockImplementationOnce(offline).mockImplementationOnce(offline).mockResolvedValue(sanitized);
    const maker = createMarkupMaker(depsWith(null, { loadSanitizer }));
    const job = markdownJob('text');
    await maker.make(job);
    expect(maker.made(job)).toBeUndefined();
    await maker.make(job);
    expect(maker.made(job)).toBe('[clean]<p>text</p>\n');
  });

  it(`sanitises replies that came at once in slices of ${SANITIZE_SLICE_MS} ms, a task each, not all in one task`, async () => {
    const fake = fakeWorker();
    const costMs = SANITIZE_SLICE_MS / 2;
    let calls = 0;
    // Each call takes at least half a slice: a slice can hold at most three, whatever the machine's load.
    const slow = (html: string) => {
      calls += 1;
      for (const start = performance.now(); performance.now() - start < costMs;);
      return sanitized(html);
    };
    const maker = createMarkupMaker(depsWith(fake.worker, { loadSanitizer: () => Promise.resolve(slow) }));
    const jobs = Array.from({ length: 20 }, (_, i) => markdownJob(`row ${i}`));
    const made = jobs.map((job) => maker.make(job));
    await settle();
    await fake.answerAll();
    await settle(); // the first slice ran in the task before this one
    expect(calls).toBeGreaterThan(0);
    expect(calls).toBeLessThanOrEqual(3);
    await Promise.all(made);
    expect(calls).toBe(20);
    expect(jobs.every((job) => maker.made(job)?.startsWith('[clean]'))).toBe(true);
  });

  it('says when everything asked for is made, sanitised too: at once when nothing is asked for, and not while a job is out', async () => {
    const fake = fakeWorker();
    const maker = createMarkupMaker(depsWith(fake.worker));
    let all = false;
    await maker.settled(); // nothing asked for
    const first = maker.make(markdownJob('one'));
    void maker.settled().then(() => (all = true));
    await settle();
    await fake.answerAll();
    const second = maker.make(markdownJob('two')); // asked for while the first is out
    await first;
    await settle();
    expect(all).toBe(false);
    await fake.answerAll();
    await second;
    await settle();
    expect(all).toBe(true);
    expect(maker.made(markdownJob('two'))).toBe('[clean]<p>two</p>\n');
  });

  it(`keeps at most ${MADE_MAX} made jobs, the one asked for longest ago out first`, async () => {
    const maker = createMarkupMaker(depsWith(null));
    const jobs = Array.from({ length: MADE_MAX }, (_, i) => markdownJob(`row ${i}`));
    for (const job of jobs) await maker.make(job);
    expect(maker.made(jobs[0]!)).toBeDefined(); // asked again: now among the newest
    await maker.make(markdownJob('one more'));
    expect(maker.made(jobs[0]!)).toBeDefined();
    expect(maker.made(jobs[1]!)).toBeUndefined();
  });
});

describe('a job answered', () => {
  it('colours fenced code only when the job asks for colour, and colours code items', async () => {
    const fence = '```ts\nconst a = 1;\n```';
    expect(await answerJob(markdownJob(fence))).not.toContain('hljs');
    expect(await answerJob(markdownJob(fence, true))).toContain('<code class="hljs"><span class="hljs-keyword">const</span>');
    expect(await answerJob({ kind: 'code', text: 'x <i>', language: 'klingon' })).toBe('x &lt;i&gt;');
    expect(await answerJob({ kind: 'diff', text: '@@ -1 +1 @@\n-a\n+b' })).toContain('<ins>b</ins>');
  });
});
