import { cleanField } from './clean';
import { isValidEpoch } from './epoch-rule';
import { isValidId } from './ids';
import { LIMITS } from './limits';
import { parseAsk, parseTurn } from './parse-ask';
import { count, isRecord, list, oneOf, str } from './read';
import { PANE_STATES, type BeltButton, type Pane, type Snapshot, type Starter, type Tab, type Workspace } from './types';

export function parseBeltButton(raw: unknown): BeltButton | null {
  if (!isRecord(raw) || !isValidId(raw.id)) return null;
  const label = cleanField.beltLabel(str(raw.label) ?? '').text;
  return label === '' ? null : { id: raw.id, label };
}

export function parseStarter(raw: unknown): Starter | null {
  if (!isRecord(raw) || !isValidId(raw.id)) return null;
  const label = cleanField.label(str(raw.label) ?? '').text;
  return label === '' ? null : { id: raw.id, label };
}

function parsePane(raw: unknown): Pane | null {
  if (!isRecord(raw) || !isValidId(raw.id)) return null;
  const asks = list(raw.asks, LIMITS.openAsksPerPane, parseAsk);
  const pane: Pane = {
    id: raw.id,
    title: cleanField.title(str(raw.title) ?? '').text || raw.id,
    // The bridge trusts its own reading of the asks over a state that contradicts them.
    state: asks.length > 0 ? 'waiting' : (oneOf(raw.state, PANE_STATES) ?? 'idle'),
    turn: raw.turn == null ? null : parseTurn(raw.turn),
    asks,
    belt: list(raw.belt, LIMITS.beltButtons, parseBeltButton),
    cursor: count(raw.cursor) ?? 0,
  };
  if (pane.state === 'waiting' && asks.length === 0) pane.state = 'idle';
  const harness = str(raw.harness);
  if (harness) pane.harness = cleanField.label(harness).text;
  if (isValidId(raw.conversationId)) pane.conversationId = raw.conversationId;
  return pane;
}

/**
 * Turns an untrusted snapshot into a cleaned one, or null when it is not a snapshot at all.
 * Caps count across the whole snapshot; a repeated pane id keeps its first pane only.
 */
export function parseSnapshot(raw: unknown): Snapshot | null {
  if (!isRecord(raw) || !isValidEpoch(raw.epoch)) return null;
  const rev = count(raw.rev);
  if (rev === undefined) return null;
  let tabsLeft: number = LIMITS.tabs;
  let panesLeft: number = LIMITS.panes;
  const paneIds = new Set<string>();

  const parseTab = (rawTab: unknown): Tab | null => {
    if (tabsLeft <= 0 || !isRecord(rawTab) || !isValidId(rawTab.id)) return null;
    tabsLeft -= 1;
    const panes = list(rawTab.panes, LIMITS.panes, (rawPane) => {
      if (panesLeft <= 0) return null;
      const pane = parsePane(rawPane);
      if (!pane || paneIds.has(pane.id)) return null;
      paneIds.add(pane.id);
      panesLeft -= 1;
      return pane;
    });
    return { id: rawTab.id, title: cleanField.title(str(rawTab.title) ?? '').text || rawTab.id, panes };
  };

  const workspaces = list(raw.workspaces, LIMITS.workspaces, (rawWs): Workspace | null => {
    if (!isRecord(rawWs) || !isValidId(rawWs.id)) return null;
    const title = cleanField.title(str(rawWs.title) ?? '').text || rawWs.id;
    return { id: rawWs.id, title, tabs: list(rawWs.tabs, LIMITS.tabs, parseTab) };
  });
  return { epoch: raw.epoch, rev, workspaces, starters: list(raw.starters, LIMITS.starters, parseStarter) };
}

/** Every pane of a snapshot with where it sits. */
export function panesOf(snapshot: Snapshot): { workspace: Workspace; tab: Tab; pane: Pane }[] {
  return snapshot.workspaces.flatMap((workspace) => workspace.tabs.flatMap((tab) => tab.panes.map((pane) => ({ workspace, tab, pane }))));
}
