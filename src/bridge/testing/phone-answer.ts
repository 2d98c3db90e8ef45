/** Test helper: the pane's first card answered as the phone answers it, through a running bridge's API (the ask's hash as the phone drew it). */
import type { RunningBridge } from '../bridge';
import { pairedCookie } from './paired';

export async function answerThroughPhone(
  bridge: RunningBridge,
  agent: string,
  paneId: string,
  optionIds: string[],
  requestId: string,
): Promise<{ status: number; json: unknown; id: string; title: string }> {
  const cookie = await pairedCookie(bridge.devices);
  await bridge.agents.get(agent)!.poller.poll();
  const chat = (await (await fetch(`${bridge.url}api/agents/${agent}/panes/${paneId}`, { headers: { cookie } })).json()) as { asks: { id: string; hash: string; title: string }[] };
  const [ask] = chat.asks;
  if (!ask) throw new Error(`${agent}/${paneId} shows no card`);
  const tap = await fetch(`${bridge.url}api/agents/${agent}/panes/${paneId}/asks/${ask.id}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ agent, paneId, requestId, hash: ask.hash, answer: { optionIds } }),
  });
  return { status: tap.status, json: await tap.json(), id: ask.id, title: ask.title };
}
