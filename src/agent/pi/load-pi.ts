/** The Pi package the entry point runs, and the version it is tested with (an optional peer of the SDK). */
export const PI_PACKAGE = '@mariozechner/pi-coding-agent';
export const PI_TESTED_VERSION = '0.73.1';

export type PiModule = typeof import('@mariozechner/pi-coding-agent');

/** Pi is not installed where the entry point runs: the message says how to install it. */
export class PiMissing extends Error {
  override name = 'PiMissing';

  constructor(options?: ErrorOptions) {
    super(`Pi is not installed: run npm install ${PI_PACKAGE}@${PI_TESTED_VERSION} (in this project or globally), then start again`, options);
  }
}

/** Loads Pi on first need (the SDK's own install pulls nothing); `importer` is the seam tests use. */
export async function loadPi(importer: () => Promise<PiModule> = () => import('@mariozechner/pi-coding-agent')): Promise<PiModule> {
  try {
    return await importer();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && String((err as Error).message).includes(PI_PACKAGE)) throw new PiMissing({ cause: err });
    throw err;
  }
}
