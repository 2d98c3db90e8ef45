import { FatalConfigError } from '../config/config';

/**
 * Lines the bridge logs that other verbs read back from bridge.log (`collie restart` tells a
 * refused restart by them): written and recognised here only.
 */
const FATAL = new FatalConfigError('').line;
const NOT_RESTARTED = '[bridge] not restarted: ';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The one line the bridge prints when it stops for good: `[bridge] FATAL: …`. */
export const fatalLine = (err: unknown) => (err instanceof FatalConfigError ? err.line : `${FATAL}${message(err)}`);

/** A restart that met a bad sources.json (or .env): the bridge keeps serving what it had. */
export const notRestartedLine = (err: unknown, serving: number) =>
  `${NOT_RESTARTED}${err instanceof FatalConfigError ? err.message : message(err)}; still serving ${serving} durable agent(s)`;

/** A restart whose new phone server did not start: the bridge stops. */
export const restartFailedLine = (err: unknown) => `${FATAL}the restart failed: ${message(err)}`;

/** True for the lines above that say a restart did not happen. */
export const saysNotRestarted = (line: string) => line.startsWith(NOT_RESTARTED) || line.startsWith(FATAL);
