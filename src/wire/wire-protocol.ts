/**
 * How the two ends of the agent wire know each other (WIRE.md §1, §3): the service hello names,
 * the header that carries the version on every call but hello, and the versions this build speaks.
 */
export const SERVICE_NAME = 'collie-durable';
export const VERSION_HEADER = 'x-collie-session';
export const WIRE_VERSIONS = { min: 1, max: 1 } as const;
