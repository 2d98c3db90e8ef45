import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import preact from '@preact/preset-vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './src/bridge/phone/precompress';
import { chunkMap } from './src/app/vite-plugins/chunk-map';
import { pageReadsScript } from './src/app/vite-plugins/page-reads-script';
import { CHUNK_GROUPS } from './src/app/vite-plugins/chunk-groups';
import { firstWords } from './src/app/vite-plugins/first-words';
import { quietWorkerBuild } from './src/app/vite-plugins/quiet-worker-build';

export default defineConfig({
  plugins: [
    preact(),
    // The service worker (src/app/pwa/service-worker) with this build's file list: every file the app can load, kept.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/app/pwa/service-worker',
      filename: 'service-worker.ts',
      injectRegister: false, // the app registers it through workbox-window (src/app/pwa/update-store.ts)
      manifest: false, // public/manifest.webmanifest is the manifest
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        // The worker's own build says only warnings (its info lines stood between `npm start` and its link),
        // and takes as one file by Rolldown's word what vite-plugin-pwa asks by the deprecated inlineDynamicImports.
        buildPlugins: { vite: [quietWorkerBuild()] },
      },
    }),
    // Which source went into which chunk: `npm run size` checks a chat's first code from it (src/app/size-budgets/chat-code.ts).
    chunkMap(),
    // The English words the first load's code names ride in it; the rest load beside later screens (src/app/vite-plugins/first-words.ts).
    firstWords(),
    // The page asks for its screen's first data (and a chat's code) as it is read (src/app/vite-plugins/page-reads-script.ts).
    pageReadsScript(),
    // The bridge sends these by the phone's Accept-Encoding: compressed once here, never per request.
    { name: 'collie-precompress', apply: 'build', closeBundle: async () => void (await precompress('dist/app')) },
  ],
  // The markup worker (src/app/markdown/markup-worker.ts) is a module worker: highlight.js is a chunk
  // of its own there too, loaded only when code wants colour.
  worker: { format: 'es' },
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    target: 'es2022',
    // One file for the first screen (the budget: 30 KB gzip). Nothing in index.html preloads another chunk, and
    // Vite's loader of the lazy chunks falls back to rel=preload by itself: the modulepreload polyfill would be dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // By screen, not by module (src/app/vite-plugins/chunk-groups.ts).
          groups: CHUNK_GROUPS,
        },
      },
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    // Many tests run real processes (the collie CLI, agents under Bun, Pi): on a busy two-core machine
    // a start can take seconds. Tests wait for events, so this only bounds one that hangs.
    testTimeout: 60000,
    hookTimeout: 60000,
    // One file more than the cores: many files spend their time waiting on the processes they start.
    maxWorkers: availableParallelism() + 1,
  },
});
