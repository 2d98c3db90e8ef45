/** Something a live view can wait on: it calls back on every change. */
export interface Watchable {
  onChange(listener: () => void): () => void;
}

/**
 * A source a live view follows (an agent's store, its ledger, a member's mirror): its `version`
 * rises on every change a view of it could show, so a kept rendering stands while the versions do.
 */
export interface Versioned extends Watchable {
  readonly version: number;
}
