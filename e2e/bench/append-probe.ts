/**
 * One appended item, measured as the phone lives it: the bytes its reads received for it, the
 * main thread's time spent on it, and the time from the agent's write to the row drawn, on both
 * clocks. Bytes come from CDP's Network events (what Chromium received, not what the page
 * parsed), main-thread time from CDP's Performance metrics (the renderer's own counters).
 */
import type { CDPSession, Page } from '@playwright/test';
import type { PaneHandle } from '../../src/agent/handles';
import type { PollClock } from './poll-clock';
import { expectRow, nodeNow, rowDrawn } from './row-watch';

export interface AppendSample {
  /** Response bodies as the page reads them (decoded, before compression), bytes. */
  bodyBytes: number;
  /** Bytes on the wire: compressed bodies and their headers. */
  wireBytes: number;
  responses: number;
  /** The renderer main thread's busy time (TaskDuration), ms; script alone, and style and layout. */
  taskMs: number;
  scriptMs: number;
  layoutMs: number;
  /** Write (this process's clock) → row in the DOM (the page's clock, mapped onto this one). */
  latencyMs: number;
  /** The same, to the frame after the row was inserted (painted). */
  latencyFrameMs: number;
  /** Write → this process heard the row was drawn, on this process's clock alone. */
  latencyNodeMs: number;
  /** Of `latencyMs`: write → the bridge's next poll of the agent (the poll's phase alone), and that poll → row. */
  waitMs: number;
  pollToRowMs: number;
}

/** One thing the page received from the phone API: a piece of a body, or the end of a response. */
interface Received {
  requestId: string;
  at: number;
  /** Decoded body bytes in this piece. */
  body: number;
  /** Wire bytes: of this piece, or with `finished` the response's whole (headers and compressed body). */
  wire: number;
  finished: boolean;
}

/**
 * What the page received from the phone API, piece by piece, on this process's clock. Counted by
 * the pieces that arrive in a window, not by responses that end in it, so a read that streams
 * (and never ends) is counted as well as a long-poll that answers and ends.
 */
export class ApiTraffic {
  private readonly api = new Set<string>();
  private readonly received: Received[] = [];

  constructor(cdp: CDPSession) {
    cdp.on('Network.responseReceived', (e) => {
      if (new URL(e.response.url).pathname.startsWith('/api/')) this.api.add(e.requestId);
    });
    cdp.on('Network.dataReceived', (e) => {
      if (this.api.has(e.requestId)) this.received.push({ requestId: e.requestId, at: nodeNow(), body: e.dataLength, wire: e.encodedDataLength, finished: false });
    });
    cdp.on('Network.loadingFinished', (e) => {
      if (this.api.delete(e.requestId)) this.received.push({ requestId: e.requestId, at: nodeNow(), body: 0, wire: e.encodedDataLength, finished: true });
    });
  }

  /**
   * From `from` on (this process's clock): decoded body bytes, wire bytes (a response that ended
   * counts its whole size as Chromium reports it; one still open, the pieces so far), and responses.
   */
  since(from: number): { body: number; wire: number; count: number } {
    const seen = this.received.filter((r) => r.at >= from);
    const ended = new Set(seen.filter((r) => r.finished).map((r) => r.requestId));
    const wire = seen.reduce((sum, r) => sum + (r.finished || !ended.has(r.requestId) ? r.wire : 0), 0);
    return { body: seen.reduce((sum, r) => sum + r.body, 0), wire, count: new Set(seen.map((r) => r.requestId)).size };
  }
}

/** The renderer main thread's cumulative busy times, ms. */
export async function mainThread(cdp: CDPSession): Promise<{ task: number; script: number; layout: number }> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const of = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return { task: of('TaskDuration'), script: of('ScriptDuration'), layout: of('LayoutDuration') + of('RecalcStyleDuration') };
}

export interface AppendTarget {
  page: Page;
  cdp: CDPSession;
  traffic: ApiTraffic;
  pane: PaneHandle;
  polls: PollClock;
  /** The page clock minus this process's clock (`clockOffset`). */
  offset: number;
  /** How long after the row the window stays open, for work the append brings after it (the next read, other views). */
  settleMs: number;
}

export async function measureAppend(target: AppendTarget, id: string, text: string): Promise<AppendSample> {
  const { page, cdp, traffic, pane, polls, offset, settleMs } = target;
  await expectRow(page, text);
  const before = await mainThread(cdp);
  const written = nodeNow();
  pane.item({ id, kind: 'reply', text });
  const drawn = await rowDrawn(page, text);
  await new Promise((r) => setTimeout(r, settleMs));
  const after = await mainThread(cdp);
  const bytes = traffic.since(written);
  const rowAt = drawn.dom - offset;
  const polled = polls.firstPollAfter(written);
  return {
    bodyBytes: bytes.body,
    wireBytes: bytes.wire,
    responses: bytes.count,
    taskMs: after.task - before.task,
    scriptMs: after.script - before.script,
    layoutMs: after.layout - before.layout,
    latencyMs: rowAt - written,
    latencyFrameMs: drawn.frame - offset - written,
    latencyNodeMs: drawn.node - written,
    waitMs: polled - written,
    pollToRowMs: rowAt - polled,
  };
}
