/** Bench helper, run under Bun: a kit agent with one pane, the caller check as `COLLIE_BENCH_CHECK` says (on or off). */
import { openCollie } from '../kit';

const [socket] = process.argv.slice(2);
if (!socket) throw new Error('usage: bench-agent.ts <socket>');
const collie = await openCollie({ socket, hostName: 'bench', callerCheck: process.env.COLLIE_BENCH_CHECK === 'off' ? 'off' : 'on', log: () => {} });
collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'P' });
collie.ready();
console.log(`listening ${collie.address}`);
process.once('SIGTERM', () => void collie.close().then(() => process.exit(0)));
