/**
 * Test helper: what a model might have Pi's `bash` tool run to approve its own card: a Node
 * script that reads the agent's snapshot over its socket, finds the open permission card for
 * `write`, answers Allow, and prints the agent's reply as `{"status":…,"code":…}`.
 */
export function answerCardScript(socket: string): string {
  return `const http = require('node:http');
const call = (method, path, body) => new Promise((resolve) => {
  const req = http.request({ socketPath: ${JSON.stringify(socket)}, method, path: '/session/v1' + path,
    headers: { 'x-collie-session': '1', 'content-type': 'application/json' } }, (res) => {
    let text = ''; res.on('data', (c) => (text += c)); res.on('end', () => resolve({ status: res.statusCode, json: JSON.parse(text || '{}') }));
  });
  req.end(body === undefined ? undefined : JSON.stringify(body));
});
(async () => {
  const { json } = await call('GET', '/snapshot');
  const panes = json.workspaces.flatMap((w) => w.tabs.flatMap((t) => t.panes));
  const pane = panes.find((p) => p.asks.some((a) => a.kind === 'permission' && a.tool && a.tool.name === 'write'));
  if (!pane) return console.log(JSON.stringify({ status: 0, code: 'no-card' }));
  const ask = pane.asks.find((a) => a.tool && a.tool.name === 'write');
  const reply = await call('POST', '/pane/' + pane.id + '/answer', { requestId: 'self-' + Date.now(), askId: ask.id, revision: ask.revision, answer: { optionIds: ['allow'] } });
  console.log(JSON.stringify({ status: reply.status, code: reply.json.code ?? null }));
})();
`;
}
