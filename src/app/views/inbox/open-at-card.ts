import { useEffect, useRef } from 'preact/hooks';
import { askKey } from '../../../wire/ask-key';
import { focusAskCard } from '../composer/focus-ask';

/** The chat a card is opened in, as the route names it. */
export interface CardPlace {
  agent: string;
  paneId: string;
  askId?: string | undefined;
}

/** True when the ask's own card is drawn under `root` (not merely some card). */
function cardDrawn(root: ParentNode | null, askId: string): boolean {
  return [...(root?.querySelectorAll<HTMLElement>('.ask-card') ?? [])].some((card) => card.dataset.askId === askId);
}

/**
 * Opens a chat at an ask's card: the dashboard's inbox links to `#/agent/<a>/chat/<p>/ask/<id>`.
 * Once that card is drawn, it is scrolled into view and its first control focused, once per
 * ask (named with its agent: two agents raise asks with one id): later redraws and new items
 * leave the focus where the person put it. The focus moves in the next frame, after the screen
 * has put it on its heading.
 *
 * The chat view calls it with its root, where it is (the route's agent, pane and ask id) and
 * what it draws (its asks), so it runs again when a card comes.
 */
export function useOpenAtCard(root: { current: ParentNode | null }, place: CardPlace, drawn: unknown): void {
  const opened = useRef<string | null>(null);
  const { agent, paneId, askId } = place;
  useEffect(() => {
    if (askId === undefined) return;
    const key = `${paneId} ${askKey(agent, askId)}`;
    if (opened.current === key || !cardDrawn(root.current, askId)) return;
    const frame = requestAnimationFrame(() => {
      if (focusAskCard(root.current, askId)) opened.current = key;
    });
    return () => cancelAnimationFrame(frame);
  }, [root, agent, paneId, askId, drawn]);
}
