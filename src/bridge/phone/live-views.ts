import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ChatJson, DashboardJson } from '../../wire/bridge-json';
import type { DeviceInfo } from '../pairing/device-store';
import { inboxOf, oldestFirst } from '../poll/inbox';
import { revokedSignal } from './gate';
import { HttpError } from '../http/http-error';
import { writeJsonText } from '../http/http-json';
import type { LiveView } from '../sources/agent-source';
import { waitForChange, type Rendered } from './long-poll';
import type { PhoneApiDeps, ServerContext } from './phone-deps';

/** How a live read asks: `wait` holds it until the view changes; `delta` takes a delta reply. */
export interface LiveRead {
  wait: boolean;
  delta: boolean;
}

/**
 * This bridge's agents, and on the lead of a crew each member's beside them, grouped by machine on
 * the phone; and any device waiting for a paired phone to allow it.
 */
export function dashboardView(deps: PhoneApiDeps): LiveView {
  const handles = [...deps.agents.values()];
  const crew = deps.crewViews;
  return {
    key: 'dashboard',
    sources: [...handles.map((a) => a.store), ...(crew?.dashboardSources() ?? []), deps.pairingRequests],
    render: (): DashboardJson => {
      const machines = crew?.machines();
      const inbox = deps.durable ? oldestFirst([...inboxOf(handles.map((a) => a.store)), ...(crew?.inbox() ?? [])]) : [];
      const pairing = deps.pairingRequests.waiting();
      return {
        durable: deps.durable,
        agents: [...handles.map((a) => a.store.row()), ...(crew?.rows() ?? [])],
        inbox,
        ...(machines ? { machines } : {}),
        ...(pairing.length > 0 ? { pairing } : {}),
      };
    },
  };
}

/**
 * A chat's newest `keep` entries, and how many were left out before them (`earlier`): what a phone
 * opening a long chat reads and draws first. A view of its own (its own key, so its own ETag and
 * deltas), rendered from the whole chat's.
 */
export function chatTail(view: LiveView, keep: number): LiveView {
  return {
    ...view,
    key: JSON.stringify(['tail', view.key]),
    render: (): ChatJson => {
      const chat = view.render() as ChatJson;
      const earlier = Math.max(0, chat.entries.length - keep);
      return { ...chat, entries: earlier > 0 ? chat.entries.slice(earlier) : chat.entries, earlier };
    },
  };
}

/**
 * Sends a view with its ETag. With `wait` and the phone's current tag, the reply is held until
 * the view changes (a long-poll), so a new item reaches the phone without waiting for a poll.
 * Every reader of a view shares its one rendering per change. A chat read that takes deltas and
 * names a version the bridge still remembers is answered with what changed since (same ETag).
 */
export async function sendView(server: ServerContext, device: DeviceInfo, req: IncomingMessage, res: ServerResponse, view: LiveView, { wait, delta }: LiveRead): Promise<void> {
  const { chat } = view;
  const remember = chat && ((value: unknown, r: Rendered) => server.chatVersions.remember(view.key, r, value as ChatJson, chat.epoch()));
  const render = () => server.renders.render(view.key, view.sources, view.render, remember);
  let current = render();
  const held = req.headers['if-none-match'];
  if (held === current.etag && wait) {
    const holding = server.held.get(device.id) ?? 0;
    if (holding >= server.limits.heldPerDevice) throw new HttpError(429, 'too-many-waits', 'this device already holds as many live reads as the bridge allows');
    server.held.set(device.id, holding + 1);
    const gone = new AbortController();
    res.on('close', () => gone.abort());
    const revoked = revokedSignal(server, device.id);
    const onRevoked = () => gone.abort();
    revoked.addEventListener('abort', onRevoked);
    try {
      const changed = await waitForChange(
        view.sources,
        () => {
          try {
            return render();
          } catch {
            return { text: '', etag: '' }; // the view went away (a closed pane): answer now, with the error
          }
        },
        held,
        gone.signal,
      );
      if (revoked.aborted) throw new HttpError(401, 'not-paired', 'this phone was unpaired');
      if (gone.signal.aborted) return;
      if (changed !== null) current = render();
    } finally {
      revoked.removeEventListener('abort', onRevoked);
      const left = (server.held.get(device.id) ?? 1) - 1;
      if (left > 0) server.held.set(device.id, left);
      else server.held.delete(device.id);
    }
  }
  if (held === current.etag) {
    res.writeHead(304, { etag: current.etag, 'cache-control': 'no-store' }).end();
    return;
  }
  const since = chat && delta && held !== undefined ? server.chatVersions.since(view.key, held, current) : null;
  const reply = since ?? current;
  // The rendering (or delta) owns its compressed bytes: every reader of it shares one compression.
  writeJsonText(res, 200, reply.text, { etag: current.etag }, reply);
}
