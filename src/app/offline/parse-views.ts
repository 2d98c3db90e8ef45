import type { AgentJson, ChatJson, DashboardJson } from '../../wire/bridge-json';
import * as views from '../../wire/parse-views';

/**
 * Reads back what the phone kept of the bridge's views (the dashboard, an agent's list, a chat)
 * through the wire's one reader of them. A kept copy is read whole or not at all: a copy written
 * by an older version of the app, of a shape this one no longer draws, reads as null and is
 * dropped, never shown half-drawn.
 */
function whole<T>(read: (raw: unknown, r: views.ViewReading) => T | null): (raw: unknown) => T | null {
  return (raw) => {
    const r = views.reading(true);
    const view = read(raw, r);
    return r.dropped === 0 ? view : null;
  };
}

export const parseDashboard: (raw: unknown) => DashboardJson | null = whole(views.parseDashboard);
export const parseAgentView: (raw: unknown) => AgentJson | null = whole(views.parseAgentView);
export const parseChatView: (raw: unknown) => ChatJson | null = whole(views.parseChatView);
