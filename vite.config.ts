import { defineConfig } from 'vitest/config';
import preact from '@preact/preset-vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './src/bridge/phone/precompress';
import { chunkMap } from './src/app/bench/chunk-map';

export default defineConfig({
  plugins: [
    preact(),
    // The service worker (src/app/sw) with this build's file list: every file the app can load, kept.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/app/sw',
      filename: 'service-worker.ts',
      injectRegister: false, // the app registers it through workbox-window (src/app/pwa)
      manifest: false, // public/manifest.webmanifest is the manifest
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'] },
    }),
    // Which source went into which chunk: `npm run size` checks a chat's first code from it (src/app/bench/chat-code.ts).
    chunkMap(),
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
          // Chunks by screen, not by module: Rolldown's own split gave a chat's first screen 17 files beyond the first
          // load, and a phone's browser asks for six at a time, each a round trip (three rounds before the chat could
          // draw; the chat's Lighthouse LCP 0.25 s simulated longer). The higher priority takes a module first.
          groups: [
            // Every module the entry loads statically, in the entry's one chunk. Without this, Rolldown puts modules that
            // the entry shares with lazy chunks in separate common chunks and leaves some unmerged (a module shared through
            // the lazy chunks' own common chunk, as wire/limits.ts through parse-views and sanitize-markup; a re-export,
            // as i18n.ts's of locale-pick.ts): each one more request and a worse gzip for the first screen.
            { name: 'index', tags: ['$initial'], priority: 4 },
            // The stores of what the person does (answers, sends, stops): the dashboard loads them after its first
            // screen, and every chat needs them, so they are neither's.
            { name: 'acts', test: /src[\\/]app[\\/]stores[\\/](acts-store|intents-store|intent-ledger)\.ts$/, priority: 3 },
            // What two or more lazy screens share (a chat's row, navigation, the manage controls): one file. The chat's
            // own views and markdown code are left to the chat's file, which a closed chat loads too.
            { name: 'common', test: /src[\\/](app|wire)[\\/](?!views[\\/]chat[\\/]|markdown[\\/])/, minShareCount: 2, priority: 2 },
            // The chat screen and all the first-code.ts asks for with it (its store, the markup maker and the
            // sanitiser) and its deltas: one file. `npm run size` holds a chat's first code to six files (chat-code.ts).
            {
              name: 'chat',
              test: /src[\\/]app[\\/](views[\\/]chat[\\/]chat-screen\.tsx|stores[\\/]chat-store\.ts|markdown[\\/](markup|sanitize-markup)\.ts)$|src[\\/]wire[\\/]chat-delta\.ts$/,
              priority: 1,
            },
          ],
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
  },
});
