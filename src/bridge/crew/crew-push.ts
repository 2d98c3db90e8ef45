import type { ChatJson, InboxAsk } from '../../wire/bridge-json';
import { pushAnswerOf, type PushAnswer } from '../../wire/push-answer';
import { askTitle } from '../poll/ask-title';
import type { AgentAsks, PushSource } from '../push/push-source';
import type { Versioned } from '../http/versioned';
import { crewName } from '../../wire/agent-name';
import type { CrewViews } from './crew-views';

/** What the lead's push reads of the crew's views. */
export type CrewViewsRead = Pick<CrewViews, 'membership' | 'dashboardSources' | 'answeringDashboards' | 'chatOnce'>;

/** Only these kinds of question may get buttons (push-answer.ts): no other is worth a read of the member. */
const MAY_GET_BUTTONS: ReadonlySet<InboxAsk['kind']> = new Set(['choice', 'permission']);

/**
 * The members' questions as the lead's push watcher decides on them (docs/bridge.md §8–9): read
 * from the dashboards the lead keeps mirrored all the time (one long-poll per member, whether a
 * phone looks or not), never from a member's agents. Each member agent is named as the lead's
 * phone names it (`<agent>@<label>`), so its limits, its asks' keys, its tags and the chat a tap
 * opens are that agent's own. Only a member that answers, and of it only agents that answer, are
 * looked at: a member not answering (or an agent of it unreachable) keeps its asks as they were,
 * so coming back pushes nothing again. An ask's buttons are read from the member's chat once,
 * as the card on the lead shows it (the member's hash, which the member checks on a press), and
 * only when that card still reads as the question the notification names.
 */
export function crewPushSource(views: CrewViewsRead, log: (line: string) => void): PushSource {
  return {
    name: 'the crew',
    onChange(listener) {
      // The members come and go: follow each one's dashboard, and the membership for new ones.
      const followed = new Map<Versioned, () => void>();
      const follow = () => {
        const now = new Set(views.dashboardSources());
        for (const [source, stop] of followed) if (!now.has(source)) (stop(), followed.delete(source));
        for (const source of now)
          if (!followed.has(source))
            followed.set(
              source,
              source.onChange(() => {
                if (source === views.membership) follow();
                listener();
              }),
            );
      };
      follow();
      return () => {
        for (const stop of followed.values()) stop();
        followed.clear();
      };
    },
    agentsNow: () => {
      // One read of a conversation, however many of its questions one look pushes.
      const chats = new Map<string, Promise<ChatJson | null>>();
      return views.answeringDashboards().flatMap(({ label, dashboard }) =>
        dashboard.agents
          .filter((row) => row.status === 'ok')
          .map((row): AgentAsks => {
            const agent = crewName(row.name, label);
            return {
              agent,
              asks: dashboard.inbox.filter((ask) => ask.agent === row.name).map((ask) => ({ ...ask, agent })),
              answerOf: (ask) => (MAY_GET_BUTTONS.has(ask.kind) ? buttonsOf(views, chats, ask, log) : null),
            };
          }),
      );
    },
  };
}

/** The ask's buttons as its card on the lead would show them; none when the member does not say (the plain notification). */
async function buttonsOf(views: CrewViewsRead, chats: Map<string, Promise<ChatJson | null>>, row: InboxAsk, log: (line: string) => void): Promise<PushAnswer | null> {
  const key = `${row.agent}\n${row.paneId}`;
  let chat = chats.get(key);
  if (!chat) {
    chat = views.chatOnce(row.agent, row.paneId).catch((err: unknown) => {
      log(`[bridge] push: ${row.agent}: its questions' buttons were left off (${err instanceof Error ? err.message : String(err)})`);
      return null;
    });
    chats.set(key, chat);
  }
  const ask = (await chat)?.asks.find((a) => a.id === row.askId);
  // Revised between the two reads: its buttons would answer a question the notification does not show.
  if (!ask || askTitle(ask) !== row.title) return null;
  return pushAnswerOf(ask);
}
