import { CAP_NAMES, type Caps, type Hello, type Snapshot, type Starter } from '../wire/types';
import { SERVICE_NAME, WIRE_VERSIONS } from '../wire/limits';
import { freshEpoch } from './epoch';
import { PaneModel } from './pane-model';
import { RequestMemory } from './request-memory';

export interface TabModel {
  id: string;
  title: string;
  panes: Map<string, PaneModel>;
}
export interface WorkspaceModel {
  id: string;
  title: string;
  tabs: Map<string, TabModel>;
}

export function capsFrom(partial: Partial<Caps> = {}): Caps {
  const caps = {} as Caps;
  for (const name of CAP_NAMES) caps[name] = partial[name] ?? false;
  return caps;
}

/** Everything one start of the agent shows: layout, panes, the revision counter and request memory. */
export class AgentState {
  readonly epoch = freshEpoch();
  readonly requests = new RequestMemory();
  readonly workspaces = new Map<string, WorkspaceModel>();
  readonly panes = new Map<string, PaneModel>();
  starters: Starter[] = [];
  ready = false;
  rev = 1;

  constructor(
    readonly hostName: string,
    readonly caps: Caps,
    readonly runtime = `node ${process.versions.node}`,
  ) {}

  /** Every change a reader could see raises the revision. */
  bump = (): void => {
    this.rev += 1;
  };

  hello(): Hello {
    return {
      service: SERVICE_NAME,
      protocol: { ...WIRE_VERSIONS },
      host: { name: this.hostName, runtime: this.runtime },
      epoch: this.epoch,
      ready: this.ready,
      caps: this.caps,
    };
  }

  snapshot(): Snapshot {
    return {
      epoch: this.epoch,
      rev: this.rev,
      workspaces: [...this.workspaces.values()].map((ws) => ({
        id: ws.id,
        title: ws.title,
        tabs: [...ws.tabs.values()].map((tab) => ({
          id: tab.id,
          title: tab.title,
          panes: [...tab.panes.values()].map((pane) => pane.toWire()),
        })),
      })),
      starters: this.starters,
    };
  }
}
