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

interface Finished {
  body: number;
  wire: number;
  at: number;
}

/** Every response of the phone API the page received, with its sizes and when it finished (this process's clock). */
export class ApiTraffic {
  private readonly bodies = new Map<string, number>();
  private readonly api = new Set<string>();
  private readonly finished: Finished[] = [];

  constructor(cdp: CDPSession) {
    cdp.on('Network.responseReceived', (e) => {
      if (new URL(e.response.url).pathname.startsWith('/api/')) this.api.add(e.requestId);
    });
    cdp.on('Network.dataReceived', (e) => this.bodies.set(e.requestId, (this.bodies.get(e.requestId) ?? 0) + e.dataLength));
    cdp.on('Network.loadingFinished', (e) => {
      if (!this.api.delete(e.requestId)) return;
      this.finished.push({ body: this.bodies.get(e.requestId) ?? 0, wire: e.encodedDataLength, at: nodeNow() });
      this.bodies.delete(e.requestId);
    });
  }

  /** The responses that finished from `from` on (this process's clock). */
  since(from: number): { body: number; wire: number; count: number } {
    const seen = this.finished.filter((f) => f.at >= from);
    return { body: seen.reduce((s, f) => s + f.body, 0), wire: seen.reduce((s, f) => s + f.wire, 0), count: seen.length };
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
