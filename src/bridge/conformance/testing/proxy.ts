/** For the check's tests: an agent broken on purpose, as a proxy in front of a kit's socket. Not used by the check. */
import { request, type IncomingHttpHeaders, type RequestListener } from 'node:http';

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface Tweak {
  /** Edits a request's headers; a Buffer it returns is sent as the body instead. */
  request?: (path: string, headers: IncomingHttpHeaders, body: Buffer) => unknown;
  reply?: (path: string, reply: Reply) => void;
}

/** A proxy in front of the kit's socket that breaks one rule: it edits requests and replies as told. */
export function breaking(upstream: string, tweak: Tweak): RequestListener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const headers: IncomingHttpHeaders = { ...req.headers, host: 'agent' };
      let sent: Buffer = Buffer.concat(chunks);
      const edited = tweak.request?.(path, headers, sent);
      if (Buffer.isBuffer(edited)) {
        sent = edited;
        headers['content-length'] = String(sent.length);
      }
      const up = request({ socketPath: upstream, method: req.method, path, headers, agent: false }, (upRes) => {
        const body: Buffer[] = [];
        upRes.on('data', (c: Buffer) => body.push(c));
        upRes.on('end', () => {
          const reply: Reply = { status: upRes.statusCode ?? 502, headers: { ...upRes.headers }, body: Buffer.concat(body) };
          tweak.reply?.(path, reply);
          delete reply.headers['transfer-encoding'];
          delete reply.headers.connection;
          if (reply.status !== 304) reply.headers['content-length'] = String(reply.body.length);
          res.writeHead(reply.status, reply.headers).end(reply.body);
        });
      });
      up.on('error', () => res.writeHead(502).end());
      up.end(sent);
    });
  };
}

/** Edits a JSON reply body in place (typed loosely: a test edits whatever the agent sent). */
export function editJson(reply: Reply, edit: (body: any) => void): void {
  const body: unknown = JSON.parse(reply.body.toString('utf8'));
  edit(body);
  reply.body = Buffer.from(JSON.stringify(body));
}
