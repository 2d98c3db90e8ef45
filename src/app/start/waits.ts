/**
 * Every wait of the start-up, in the order the start meets them (sequence.tsx), each with why it
 * is there. The modules of this folder read them from here; a test may pass its own.
 *
 * Not here, because they are not the start's but every read's or every chat's, and live with what
 * they time: a resource's kept copy shows when the bridge has not answered within 300 ms
 * (COPY_AFTER_MS, stores/polled.ts); a chat's first rows wait at most 3 s for their markup
 * (OPENING_MARKUP_WAIT_MS, views/chat/opening-markup.ts); the sanitiser works in 8 ms slices
 * (SANITIZE_SLICE_MS, markdown/markup-maker.ts).
 */
export const START_WAITS = {
  /** Between the start's steps, a task of its own: one long task from the script's arrival to the first render kept the page from answering. */
  stepBreakMs: 0,
  /** An early read (the page's own, or the app's) is taken as a screen's first read only this fresh: an older answer is too old to draw. */
  earlyReadKeepMs: 3000,
  /** The dashboard's first render waits at most this long for the pairing check and its data: one paint with the data, or the frame at this bound and the data when it comes. */
  firstDataMaxMs: 400,
  /** The work held for the first screen's paint (the long-poll, a kept copy's first write) waits at most this long for the browser to report it: one that never does is not held for ever. */
  paintReportMaxMs: 1000,
  /** The work that can wait (the worker's install, push, the acts' code) waits at most this long for a chat's first rows: a chat whose rows never come holds nothing back for long. */
  chatRowsMaxMs: 5000,
  /** Then it waits for the browser to be idle, at most this long: a page that is never idle still gets it. */
  idleMaxMs: 1500,
} as const;
