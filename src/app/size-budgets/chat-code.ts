/**
 * The files a chat's first screen takes beyond the first load, against their budget: the chunk
 * with the chat screen and everything it imports before it runs, with their styles. The store, the
 * sanitiser and the acts' code, which the app asks for beside it (start/load-code-early.ts), must be among
 * them: each file more is a request more before the chat's rows can be drawn, and a phone on a
 * slow link pays each one, six at a time. Reads the build's chunk map (../vite-plugins/chunk-map.ts; run
 * `npm run build` first); prints the files, and exits 1 over the budget or when one is missing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { CHAT_BESIDE, CHAT_SCREEN, ENTRY } from '../vite-plugins/chunk-groups';
import { CHUNK_MAP, type ChunkEntry } from '../vite-plugins/chunk-map';

/** The chat's own code, the acts', what they share with other screens, their two styles, and Rolldown's runtime. */
const CHAT_CODE_BUDGET = 6;

/** The chunk's file and every file it loads before it runs: its static imports, theirs, and their styles. */
function closure(map: Record<string, ChunkEntry>, file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  const chunk = map[file];
  for (const css of chunk?.css ?? []) into.add(css);
  for (const imported of chunk?.imports ?? []) closure(map, imported, into);
  return into;
}

function main(): void {
  if (!existsSync(CHUNK_MAP)) {
    console.error(`${CHUNK_MAP} is missing: run npm run build first`);
    process.exit(1);
  }
  const map = JSON.parse(readFileSync(CHUNK_MAP, 'utf8')) as Record<string, ChunkEntry>;
  const holding = (module: string) => Object.keys(map).find((file) => map[file]!.modules.includes(module));
  const screen = holding(CHAT_SCREEN);
  const entry = holding(ENTRY);
  if (!screen || !entry) {
    console.error(`${CHUNK_MAP} has no chunk with ${screen ? ENTRY : CHAT_SCREEN}: not the app's build?`);
    process.exit(1);
  }
  const first = closure(map, entry);
  const files = [...closure(map, screen)].filter((file) => !first.has(file));
  for (const file of files) console.log(file);
  const missing = CHAT_BESIDE.filter((module) => {
    const file = holding(module);
    return file === undefined || (!files.includes(file) && !first.has(file));
  });
  for (const module of missing) console.log(`${module} is not among them: one more round of requests before the chat's rows`);
  const over = files.length > CHAT_CODE_BUDGET;
  console.log(`chat's first code: ${files.length} file(s) beyond the first load (budget ${CHAT_CODE_BUDGET})${over ? ' — OVER BUDGET' : ''}`);
  if (over || missing.length > 0) process.exit(1);
}

main();
