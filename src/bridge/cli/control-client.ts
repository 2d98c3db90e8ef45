import { request } from 'node:http';
import { isRecord, str } from '../../wire/read';
import { controlSocketPath } from '../control/control-paths';

export type ControlReply = { status: number; json: unknown };

/**
 * One request to the running bridge over its control socket (`<state>/control.sock`, which only
 * this user can open). Rejects when nothing answers there in time.
 */
export function controlCall(stateDir: string, method: 'GET' | 'POST', path: string, body?: unknown, timeoutMs = 3000): Promise<ControlReply> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request({ socketPath: controlSocketPath(stateDir), method, path, headers: payload ? { 'content-type': 'application/json' } : {}, timeout: timeoutMs }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null });
        } catch (cause) {
          reject(new Error('the control socket did not answer with JSON', { cause }));
        }
      });
    });
    req.on('timeout', () => req.destroy(new Error(`no answer on the control socket within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

export type ControlWritten = { ok: true; json: Record<string, unknown> } | { ok: false; status: number; message: string };

/** A POST to the running bridge: its JSON, or the sentence it refused with (a caller it refuses: docs/bridge.md §10). */
export async function controlWrite(stateDir: string, path: string, body: unknown, timeoutMs?: number): Promise<ControlWritten> {
  const reply = await controlCall(stateDir, 'POST', path, body, timeoutMs);
  const json = isRecord(reply.json) ? reply.json : {};
  if (reply.status === 200) return { ok: true, json };
  return { ok: false, status: reply.status, message: str(json.message) ?? `the bridge answered ${reply.status}` };
}
