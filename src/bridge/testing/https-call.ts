/** Test helper: one HTTPS request that trusts a test CA (`fetch` trusts only the system's). */
import { request } from 'node:https';

export interface HttpsReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export function httpsCall(url: string | URL, options: { ca: Buffer | string; method?: string; headers?: Record<string, string>; body?: string }): Promise<HttpsReply> {
  return new Promise((resolve, reject) => {
    const body = options.body;
    const headers = { ...options.headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) };
    const req = request(url, { method: options.method ?? 'GET', ca: options.ca, headers, timeout: 15000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer from ${String(url)}`)));
    req.on('error', reject);
    req.end(body);
  });
}
