/** How far older items are walked: shared by the live chat's walk (older-walk.ts) and a closed chat's read (history-store.ts). */

/** Items one walk keeps from before the first shown item; a longer past is walked again later. */
export const OLDER_KEEP = 3000;
/** Pages one walk reads at most: an agent whose history never reaches the shown item is given up on. */
export const OLDER_MAX_PAGES = 40;
