/**
 * `count` kit agents in one process for `npm run bench` (looking-cost.ts), each on its own private
 * socket `<folder>/a<i>/app.sock` with one pane of `items` short messages, nothing moving after.
 * Prints `listening <count>` once all answer; runs until it is told to stop. Asked `polls` over
 * IPC, it answers how many snapshot reads (one a poll) its agents have served, all told.
 */
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { openCollie, type Collie } from '../../agent/kit';
import { agentPath } from '../../wire/agent-paths';

const [folder, count = '100', items = '200'] = process.argv.slice(2);
if (!folder) throw new Error('usage: many-agents <folder> [count] [items]');
const agents: Collie[] = [];
let polls = 0;
// Node's own report of each request a server here begins: counted without touching the kit.
subscribe('http.server.request.start', (message) => {
  if ((message as { request: IncomingMessage }).request.url?.endsWith(agentPath('snapshot'))) polls += 1;
});
process.on('message', (asked) => asked === 'polls' && process.send?.(polls));
for (let a = 0; a < Number(count); a += 1) {
  const collie = await openCollie({ socket: join(folder, `a${a}`, 'app.sock'), hostName: `a${a}`, caps: { asks: true }, log: () => {} });
  const pane = collie
    .workspace('w', { title: 'Work' })
    .tab('t', { title: 'Tab' })
    .pane('p', { title: `Chat of a${a}` });
  for (let i = 1; i <= Number(items); i += 1) pane.item({ id: `i${i}`, kind: i % 3 ? 'reply' : 'user', text: `Message ${i} of a${a}: the build passed on main.` });
  collie.ready();
  agents.push(collie);
}
process.once('SIGTERM', () => void Promise.all(agents.map((c) => c.close())).then(() => process.exit(0)));
process.once('disconnect', () => process.exit(0)); // the benchmark is gone: so are its agents
console.log(`listening ${agents.length}`);
