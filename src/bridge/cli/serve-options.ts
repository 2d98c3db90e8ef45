import { readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { FatalConfigError } from '../config/config';

/** How the phone reaches this bridge: HTTPS files (read again on every restart) and the origins a TLS proxy gives it. */
export interface ServeOptions {
  tls?: { cert: string; key: string };
  publicOrigins: string[];
}

/**
 * `--tls-cert FILE --tls-key FILE` (else `COLLIE_TLS_CERT` / `COLLIE_TLS_KEY` from the
 * environment or `.env`) and `--public-origin URL`, repeatable (else `COLLIE_PUBLIC_ORIGIN`,
 * space- or comma-separated). A bad value stops the bridge with one FATAL line.
 */
export async function serveOptions(flags: { certFile?: string; keyFile?: string; origins: string[] }, env: NodeJS.ProcessEnv): Promise<ServeOptions> {
  const certFile = flags.certFile ?? env.COLLIE_TLS_CERT;
  const keyFile = flags.keyFile ?? env.COLLIE_TLS_KEY;
  if ((certFile === undefined) !== (keyFile === undefined)) throw new FatalConfigError('HTTPS needs both --tls-cert and --tls-key (or COLLIE_TLS_CERT and COLLIE_TLS_KEY)');
  const origins = flags.origins.length > 0 ? flags.origins : (env.COLLIE_PUBLIC_ORIGIN ?? '').split(/[\s,]+/).filter(Boolean);
  const publicOrigins = origins.map(checkOrigin);
  if (certFile === undefined || keyFile === undefined) return { publicOrigins };
  return { tls: { cert: await readPem(certFile, 'certificate'), key: await readPem(keyFile, 'key') }, publicOrigins };
}

async function readPem(path: string, what: string): Promise<string> {
  const text = await readFile(path, 'utf8').catch((err: NodeJS.ErrnoException) => {
    throw new FatalConfigError(`the TLS ${what} ${path} cannot be read (${err.code ?? 'error'})`);
  });
  if (!text.includes('-----BEGIN')) throw new FatalConfigError(`the TLS ${what} ${path} is not PEM`);
  return text;
}

/** A public origin: `https://name[:port]`, nothing after it; the phone's links are built on it. */
function checkOrigin(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch (cause) {
    throw new FatalConfigError(`--public-origin ${raw} is not a URL`, { cause });
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
    throw new FatalConfigError(`--public-origin must be https://<name>[:port] with nothing after it (got ${raw})`);
  }
  return url.origin;
}

/** Loopback addresses, where a browser counts plain HTTP as secure. */
export function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}
