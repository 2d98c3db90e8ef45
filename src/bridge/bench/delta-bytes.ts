/**
 * What one appended item costs on the phone's wire, as a whole view and as a delta, at 100 and
 * 2000 items: a real kit agent on a private socket, the real bridge, plain node:http (no
 * compression asked, so the bytes are the JSON's own). `npm run bench` runs it
 * (`npx tsx src/bridge/bench/delta-bytes.ts` alone).
 */
import { request } from 'node:http';
import { join } from 'node:path';
import { openCollie } from '../../agent/kit';
import { tempDir } from '../../agent/testing';
import { startBridge } from '../bridge';
import { pairedCookie } from '../testing/paired';

const text = (i: number) => `Reply ${i}: the deploy step finished and the next one is queued behind it.`;

interface Read {
  status: number;
  etag: string;
  body: number;
  /** The reply's status line and headers, as sent. */
  head: number;
}

async function measure(items: number) {
  const dir = await tempDir();
  const socket = join(dir.path, 'run', 'app.sock');
  const collie = await openCollie({ socket, hostName: 'desk', caps: { asks: true }, log: () => {} });
  const pane = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'Deploy' });
  for (let i = 1; i <= items; i += 1) pane.item({ id: `i${i}`, kind: 'reply', text: text(i) });
  collie.ready();
  const bridge = await startBridge({
    sources: [{ name: 'desk', address: { kind: 'socket', path: socket } }],
    durable: true,
    stateDir: join(dir.path, 'state'),
    host: '127.0.0.1',
    port: 0,
    log: () => {},
  });
  try {
    const poller = bridge.agents.get('desk')!.poller;
    await poller.poll();
    const cookie = await pairedCookie(bridge.devices);
    const read = (path: string, headers: Record<string, string> = {}) =>
      new Promise<Read>((resolve, reject) => {
        request(new URL(path, bridge.url), { headers: { cookie, ...headers } }, (res) => {
          let body = 0;
          res.on('data', (c: Buffer) => (body += c.length));
          res.on('end', () => {
            // Each header is `name: value\r\n` (names and values alternate in rawHeaders), then one blank line.
            const head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + res.rawHeaders.reduce((n, h) => n + h.length + 2, 0) + 2;
            resolve({ status: res.statusCode ?? 0, etag: String(res.headers.etag), body, head });
          });
        })
          .on('error', reject)
          .end();
      });
    const chat = '/api/agents/desk/panes/p';
    const held = await read(chat);
    const waiting = read(`${chat}?wait=1&delta=1`, { 'if-none-match': held.etag });
    pane.item({ id: 'fresh', kind: 'reply', text: text(items + 1) });
    await poller.poll();
    const delta = await waiting;
    const whole = await read(chat);
    return { items, whole: whole.body, delta: delta.body, head: delta.head };
  } finally {
    await bridge.close();
    await collie.close();
    await dir.cleanup();
  }
}

for (const items of [100, 2000]) {
  const { whole, delta, head } = await measure(items);
  console.log(`${items} items, one appended: whole view ${whole} B, delta ${delta} B (reply headers ${head} B), uncompressed`);
}
