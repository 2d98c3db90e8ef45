/**
 * Leads to an open ask's card: scrolls it into view and puts the focus on its first control,
 * so the person answers there instead of sending past it. Returns false when no card is drawn.
 */
export function focusAskCard(root: ParentNode | null, askId?: string): boolean {
  if (!root) return false;
  const cards = [...root.querySelectorAll<HTMLElement>('.ask-card')];
  const card = cards.find((c) => c.dataset.askId === askId) ?? cards[0];
  if (!card) return false;
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  // Optional calls: some engines (and jsdom) lack these.
  card.scrollIntoView?.({ block: 'center', behavior: still ? 'auto' : 'smooth' });
  const first = card.querySelector<HTMLElement>('button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled])');
  (first ?? card).focus({ preventScroll: true });
  return true;
}
