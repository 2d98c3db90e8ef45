import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Replies smaller than this go as they are: compressing them costs more than it saves. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * The encoding to answer with, from the request's `Accept-Encoding`: brotli, else gzip, else
 * none. A `q=0` refuses an encoding; `*` accepts brotli.
 */
export function pickEncoding(accept: string | undefined): Encoding | null {
  const offered = new Map<string, number>();
  for (const part of (accept ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) offered.set(name, q === undefined ? 1 : Number(q));
  }
  const accepts = (name: Encoding) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** Compresses a reply body: brotli at a quality that stays cheap per change, gzip at its default. */
export function encode(body: Buffer | string, encoding: Encoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body);
  return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) } });
}

const cached = new WeakMap<object, Map<Encoding, Buffer>>();

/**
 * A body as sent with `encoding`, made once per owner (a view's one rendering per change): every
 * phone waiting on that view gets the same compressed bytes.
 */
export function encodedOnce(owner: object, body: string, encoding: Encoding): Buffer {
  let forOwner = cached.get(owner);
  if (!forOwner) {
    forOwner = new Map();
    cached.set(owner, forOwner);
  }
  let bytes = forOwner.get(encoding);
  if (!bytes) {
    bytes = encode(body, encoding);
    forOwner.set(encoding, bytes);
  }
  return bytes;
}
