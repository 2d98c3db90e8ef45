import type { ClosedConversationRow, ConversationRow } from '../../wire/bridge-json';

/** When an open conversation last moved, as the bridge says (`activeAt`); a bridge of an older build sends only its newest item's time. */
export const lastActive = (row: ConversationRow): string | undefined => row.activeAt ?? row.preview?.at;

/** When a closed conversation closed, or was last written when its agent does not say. */
export const closedWhen = (row: ClosedConversationRow): string | undefined => row.closedAt ?? row.updatedAt;

const msOf = (iso: string | undefined): number => {
  const at = typeof iso === 'string' ? Date.parse(iso) : NaN;
  return Number.isNaN(at) ? -Infinity : at;
};

/**
 * Rows as a messenger orders them, the newest activity first. A row without a time that reads goes
 * last; rows with equal times keep the order they came in (the agent's layout, the history's pages).
 */
export function newestFirst<T>(rows: readonly T[], when: (row: T) => string | undefined): T[] {
  return rows
    .map((row, i) => ({ row, i, at: msOf(when(row)) }))
    .sort((a, b) => (a.at === b.at ? a.i - b.i : b.at - a.at))
    .map(({ row }) => row);
}
