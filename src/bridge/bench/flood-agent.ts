/**
 * A durable agent for `npm run bench`: `panes` panes, each with `items` items of 64 KiB, handed out
 * 100 per events page. Nothing is kept: items are made as they are read, so only the bridge grows.
 * Prints `listening <socket>`.
 */
import { LIMITS } from '../../wire/limits';
import { ANY_PANE_EVENTS, scriptedAgent } from '../testing/scripted-agent';

const [folder, panes = '16', items = '100'] = process.argv.slice(2);
if (!folder) throw new Error('usage: flood-agent <folder> [panes] [items]');
const agent = await scriptedAgent(folder, 'flood');
const text = 'f'.repeat(LIMITS.itemTextBytes - 32);
for (let p = 0; p < Number(panes); p += 1) agent.panes.push({ id: `p${p}`, cursor: Number(items) });
agent.routes.set(ANY_PANE_EVENTS, (url) => {
  const pane = url.pathname.split('/').at(-2);
  const after = Number(url.searchParams.get('after') ?? 0);
  const end = Math.min(after + 100, Number(items));
  const events = [];
  for (let n = after; n < end; n += 1) events.push({ seq: n + 1, type: 'item', item: { id: `${pane}-${n}`, kind: 'reply', text: `${n} ${text}` } });
  return { status: 200, body: { epoch: agent.state.epoch, cursor: end, view: false, events } };
});
const { address } = agent.source;
console.log(`listening ${address?.kind === 'socket' ? address.path : ''}`);
