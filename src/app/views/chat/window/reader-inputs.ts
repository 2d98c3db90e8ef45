/**
 * The inputs by which a reader may move the page themselves. A scroll event alone may be the
 * page's own (a screen's place kept, the browser's anchoring as rows come), so whatever must tell
 * the reader's moves from the page's listens for these: the windowed list, and the chat's scroll
 * (which also counts focus taken into the chat, and keeps only the keys that scroll).
 */
export const READER_INPUTS = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;
