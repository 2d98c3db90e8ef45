/**
 * How long the bridge holds a phone's read when nothing has changed yet. On the HTTP floor, since
 * the lead of a crew reads its members as a phone does and waits on them this long (plus slack).
 */
export const LONG_POLL_MS = 20000;
