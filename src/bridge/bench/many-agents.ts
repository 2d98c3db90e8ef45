/**
 * `count` kit agents in one process for `npm run bench` (looking-cost.ts), each on its own private
 * socket `<folder>/a<i>/app.sock` with one pane of `items` short messages, nothing moving after.
 * Prints `listening <count>` once all answer; runs until it is told to stop.
 */
import { join } from 'node:path';
import { openCollie, type Collie } from '../../agent/kit';

const [folder, count = '100', items = '200'] = process.argv.slice(2);
if (!folder) throw new Error('usage: many-agents <folder> [count] [items]');
const agents: Collie[] = [];
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
console.log(`listening ${agents.length}`);
