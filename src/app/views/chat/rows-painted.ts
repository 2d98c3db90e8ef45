import { createContext } from 'preact';

/**
 * Told once a chat's first rows have been painted with all their markup (chat-log.tsx). The
 * start-up provides it (start/sequence.tsx): what it holds back for a chat opened first starts
 * then. Nobody is told by default.
 */
export const RowsPainted = createContext<() => void>(() => {});
