/**
 * The chat benchmarks' rig: one kit agent on a private socket with a pane per chat to measure,
 * and the real bridge polling it. Content is written in the benchmark's own process, so an
 * append is a call here and its moment is known on this process's clock.
 */
import { join } from 'node:path';
import { openCollie, type Collie } from '../../src/agent/kit';
import type { PaneHandle } from '../../src/agent/handles';
import { collieLink, scratch, startBridge, writeSources, type Proc } from '../support/processes';
import { itemOf, newestOf, type Content } from './chat-content';
import { pollClock, type PollClock } from './poll-clock';

export const AGENT = 'bench';

export interface PaneSpec {
  id: string;
  items: number;
  content: Content;
}

export interface BenchRig {
  /** The bridge's address, `http://127.0.0.1:<port>/`. */
  url: string;
  /** The one-time pairing link the bridge printed (for the first phone). */
  link: string;
  /** Another one-time pairing link (`collie pair`), for another first visit. */
  newLink(): Promise<string>;
  pane(id: string): PaneHandle;
  polls: PollClock;
  /** The app's route of a pane's chat. */
  chatUrl(id: string): string;
  close(): Promise<void>;
}

export async function openBenchRig(panes: PaneSpec[]): Promise<BenchRig> {
  const dirs = await scratch();
  const socket = join(dirs.socketDir, AGENT, 'app.sock');
  const proxied = join(dirs.socketDir, 'polls', 'app.sock');
  let collie: Collie | undefined;
  let polls: PollClock | undefined;
  let bridge: Proc | undefined;
  try {
    collie = await openCollie({ socket, hostName: AGENT, caps: { asks: true }, log: () => {} });
    const tab = collie.workspace('w', { title: 'Bench' }).tab('t', { title: 'Chats' });
    const handles = new Map<string, PaneHandle>();
    for (const spec of panes) {
      const pane = tab.pane(spec.id, { title: `Chat ${spec.id}` });
      for (let i = 1; i < spec.items; i += 1) pane.item(itemOf(spec.content, i));
      pane.item(newestOf(spec.id)); // the last of `items`
      handles.set(spec.id, pane);
    }
    collie.ready();
    polls = await pollClock(socket, proxied);
    await writeSources(dirs.configDir, [{ name: AGENT, kind: 'durable', socket: proxied }]);
    const started = await startBridge(dirs);
    bridge = started.proc;
    if (!started.link) throw new Error('the bridge printed no pairing link');
    const { url, link } = started;
    const opened = { collie, polls, bridge };
    return {
      url,
      link,
      newLink: () => collieLink(dirs),
      polls,
      pane(id) {
        const handle = handles.get(id);
        if (!handle) throw new Error(`no pane ${id} in the bench agent`);
        return handle;
      },
      chatUrl: (id) => `${url}#/agent/${AGENT}/chat/${id}`,
      async close() {
        await opened.bridge.stop();
        await opened.polls.close();
        await opened.collie.close();
        await dirs.cleanup();
      },
    };
  } catch (err) {
    await bridge?.stop();
    await polls?.close();
    await collie?.close();
    await dirs.cleanup();
    throw err;
  }
}
