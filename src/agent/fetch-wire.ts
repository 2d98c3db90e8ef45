import { LIMITS } from '../wire/limits';
import type { WriteContext } from './routes-write';
import { answerWire, replyOnWire, TOO_LARGE, type WireCall } from './wire-core';

/**
 * The wire for a host that speaks the fetch API (a Cloudflare Worker or Durable Object): a
 * `Request` in, a `Response` out, through the same core as the Node server. The bearer token is
 * checked before this, by whoever holds the tokens.
 */
export async function answerFetch(ctx: WriteContext, request: Request): Promise<Response> {
  const reply = await answerWire(ctx, fetchCall(request));
  const { status, headers, text } = replyOnWire(reply);
  return new Response(text, { status, headers });
}

function fetchCall(request: Request): WireCall {
  const url = new URL(request.url);
  return {
    method: request.method,
    target: `${url.pathname}${url.search}`,
    header: (name) => request.headers.get(name) ?? undefined,
    body: () => readText(request),
  };
}

/** The body as text, read no further than the limit. */
async function readText(request: Request): Promise<string | typeof TOO_LARGE> {
  if (Number(request.headers.get('content-length') ?? 0) > LIMITS.requestBodyBytes) return TOO_LARGE;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > LIMITS.requestBodyBytes) {
      await reader.cancel();
      return TOO_LARGE;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) (bytes.set(chunk, at), (at += chunk.byteLength));
  return new TextDecoder().decode(bytes);
}
