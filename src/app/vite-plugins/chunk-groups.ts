/**
 * How the build splits the phone's code into files (Rolldown's groups, `vite.config.ts`), and the
 * source files each screen's first code is known by: `npm run size` checks a chat's against the
 * same names (../size-budgets/chat-code.ts). Paths are from the repository's root.
 */

import { MORE_WORDS } from './first-words';

/** The app's entry: everything it imports statically is the first load. */
export const ENTRY = 'src/app/main.tsx';
/** The stores of what the person does (answers, sends, stops). */
const ACTS = ['src/app/stores/acts-store.ts', 'src/app/stores/intents-store.ts', 'src/app/stores/intent-ledger.ts'];
/** The chat screen, and what `start/load-code-early.ts` asks for beside it as the app starts (the acts' store stays the acts'). */
export const CHAT_SCREEN = 'src/app/views/chat/chat-screen.tsx';
export const CHAT_BESIDE = ['src/app/stores/chat-store.ts', ACTS[0]!, 'src/app/markdown/markup.ts', 'src/app/markdown/sanitize-markup.ts'];
/** A chat's deltas: loaded with its first long-poll. */
const CHAT_DELTAS = 'src/wire/chat-delta.ts';

/** Whether a module id (an absolute path, either separator) is one of `files`. */
const oneOf = (files: readonly string[]) => (id: string) => files.some((file) => id.split('\\').join('/').endsWith(`/${file}`));

/**
 * Chunks by screen, not by module: Rolldown's own split gave a chat's first screen many small files
 * beyond the first load, and a phone's browser asks for six at a time, each round a round trip
 * before the chat can draw (figures: docs/performance.md). The higher priority takes a module
 * first; each group takes what its modules import too.
 */
export const CHUNK_GROUPS = [
  // Every module the entry loads statically, in the entry's one chunk. Without this, Rolldown puts modules that
  // the entry shares with lazy chunks in separate common chunks and leaves some unmerged (a module shared through
  // the lazy chunks' own common chunk, as wire/limits.ts through parse-views and sanitize-markup; a re-export,
  // as i18n.ts's of locale-pick.ts): each one more request and a worse gzip for the first screen.
  { name: 'index', tags: ['$initial' as const], priority: 4 },
  // The dashboard loads these after its first screen, and every chat needs them, so they are neither's.
  // The English words the first load leaves out (first-words.ts) too: every later screen needs them, so they ask no request of their own.
  { name: 'acts', test: (id: string) => oneOf(ACTS)(id) || id.endsWith(MORE_WORDS), priority: 3 },
  // What two or more lazy screens share (a chat's row, navigation, the manage controls): one file. The chat's
  // own views and markdown code are left to the chat's file, which a closed chat loads too.
  { name: 'common', test: /src[\\/](app|wire)[\\/](?!views[\\/]chat[\\/]|markdown[\\/])/, minShareCount: 2, priority: 2 },
  // The chat screen, all that is asked for beside it, and its deltas: one file.
  { name: 'chat', test: oneOf([CHAT_SCREEN, ...CHAT_BESIDE, CHAT_DELTAS]), priority: 1 },
];
