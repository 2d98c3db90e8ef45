import type { IncomingMessage, ServerResponse } from 'node:http';
import { LIMITS } from '../../wire/limits';
import { COMPRESS_MIN_BYTES, encode, encodedOnce, pickEncoding } from './compression';
import { ClientGone } from './client-gone';
import { HttpError } from './http-error';

/** Reads a write's JSON body, at most 64 KiB; anything else is a 413 or 400 with a JSON code (a client gone mid-body: `ClientGone`). */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > LIMITS.requestBodyBytes) throw new HttpError(413, 'too-large', 'the request is over 64 KiB');
      chunks.push(chunk);
    }
  } catch (err) {
    if (!(err instanceof HttpError) && !req.complete) throw new ClientGone({ cause: err });
    throw err;
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (cause) {
    throw new HttpError(400, 'bad-request', 'the body is not JSON', { cause });
  }
}

/** Sends a JSON reply that no cache keeps; a reply already begun is left alone. */
export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  writeJsonText(res, status, JSON.stringify(value), headers);
}

/**
 * Writes JSON text, compressed by the request's `Accept-Encoding` when it is large enough to be
 * worth it; `owner` (a view's one rendering) lets every reader of it share one compression.
 */
export function writeJsonText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}, owner?: object): void {
  const encoding = Buffer.byteLength(text) >= COMPRESS_MIN_BYTES ? pickEncoding(res.req.headers['accept-encoding']) : null;
  const body = encoding ? (owner ? encodedOnce(owner, text, encoding) : encode(text, encoding)) : Buffer.from(text);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(body.length),
    'cache-control': 'no-store',
    vary: 'accept-encoding',
    ...(encoding ? { 'content-encoding': encoding } : {}),
    ...headers,
  });
  res.end(body);
}
