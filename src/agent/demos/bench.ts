/** The benchmark's agent: one pane holding a given number of items, nothing else moving. */
import { openCollie } from '../kit';

export async function runBench(socket: string, options: { items?: number } = {}): Promise<void> {
  const collie = await openCollie({ socket, hostName: 'bench', caps: { asks: true }, log: () => {} });
  const pane = collie.workspace('w', { title: 'Bench' }).tab('t', { title: 'Tab' }).pane('p', { title: 'Pane' });
  const count = options.items ?? 2000;
  for (let i = 1; i <= count; i += 1) {
    // About the size of a short chat message, with some markdown-ish punctuation.
    pane.item({ id: `i-${i}`, kind: i % 3 ? 'reply' : 'user', text: `Message ${i}: the build passed on main; deploying **staging** next (step ${i % 7} of 7).` });
  }
  collie.ready();
  console.log(`listening ${collie.address}`);
}
