/**
 * `@colliepwa/durable-sdk/cloudflare`: the kit on Cloudflare Workers. A Durable Object class that
 * serves the wire with the kit's pane / turn / ask API and keeps the agent in its storage, and the
 * Worker that checks the token before it wakes the object.
 */
export { collieObject, WORKERS_RUNTIME, type CollieObjectClass, type CollieObjectOptions, type ObjectContext } from './object';
export { collieWorker, type CollieWorkerOptions, type ObjectNamespace } from './worker';
export type { ObjectStorage } from './object-storage';
export * from '../kit-exports';
