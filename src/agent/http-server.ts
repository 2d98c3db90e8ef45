import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer, type ServerOptions as TlsOptions } from 'node:https';
import { LIMITS } from '../wire/limits';
import type { WriteContext } from './routes-write';
import { answerWire, replyOnWire, TOO_LARGE, type WireCall } from './wire-core';
import { wireError, type WireReply } from './wire-reply';
import { CALLER_REFUSED } from './caller/bun-listener';

export interface WireServerOptions {
  /** Token transport: the accepted bearer tokens. Absent on the socket transport. */
  tokenCheck?: (authorization: string | undefined) => boolean;
  /** Token transport over TLS: key and certificate. */
  tls?: TlsOptions;
}

/** The wire on Node's HTTP server: the token first (a refusal says nothing more), then the wire's one core. */
export function createWireServer(ctx: WriteContext, options: WireServerOptions = {}): Server {
  const listener: RequestListener = (req, res) => {
    if (options.tokenCheck && !options.tokenCheck(req.headers.authorization)) return send(req, res, wireError(401, 'unauthorized'));
    void answerWire(ctx, nodeCall(req)).then((reply) => send(req, res, reply));
  };
  return options.tls ? createTlsServer(options.tls, listener) : createServer(listener);
}

function nodeCall(req: IncomingMessage): WireCall {
  return {
    method: req.method ?? 'GET',
    target: req.url ?? '/',
    header: (name) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    body: () => readText(req),
    callerRefused: (req.socket as { [CALLER_REFUSED]?: boolean })[CALLER_REFUSED] === true,
  };
}

async function readText(req: IncomingMessage): Promise<string | typeof TOO_LARGE> {
  if (Number(req.headers['content-length'] ?? 0) > LIMITS.requestBodyBytes) return TOO_LARGE;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > LIMITS.requestBodyBytes) return TOO_LARGE;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(req: IncomingMessage, res: ServerResponse, reply: WireReply): void {
  req.resume(); // a body not read (a refusal before it) is let go, so the connection can serve the next request
  if (res.headersSent) return;
  const { status, headers, text } = replyOnWire(reply);
  res.writeHead(status, headers).end(text ?? undefined);
}
