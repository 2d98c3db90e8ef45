import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { Plugin } from 'vite';

/** One JavaScript file of the build: what it imports before it runs, its styles, and the source files in it. */
export interface ChunkEntry {
  imports: string[];
  css: string[];
  modules: string[];
}

/** Where the build writes its chunk map: beside the app, not in it (the bridge serves every file of dist/app). */
export const CHUNK_MAP = 'dist/app-chunks.json';

/**
 * Writes which source files went into which chunk of the phone's build, and what each chunk
 * loads with it, for `npm run size` to check how many files a screen's first code takes
 * (../size-budgets/chat-code.ts). Vite's own manifest would have to sit inside dist/app, where it would be served.
 */
export function chunkMap(root = process.cwd()): Plugin {
  return {
    name: 'collie-chunk-map',
    apply: 'build',
    generateBundle(_options, bundle) {
      const map: Record<string, ChunkEntry> = {};
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        map[file.fileName] = {
          imports: file.imports,
          css: [...(file.viteMetadata?.importedCss ?? [])],
          modules: file.moduleIds.filter((id) => !id.startsWith('\0')).map((id) => relative(root, id).split('\\').join('/')),
        };
      }
      mkdirSync(dirname(CHUNK_MAP), { recursive: true });
      writeFileSync(CHUNK_MAP, `${JSON.stringify(map, null, 1)}\n`);
    },
  };
}
