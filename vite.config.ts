import { defineConfig } from 'vitest/config';
import preact from '@preact/preset-vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './src/bridge/phone/precompress';

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
    // The bridge sends these by the phone's Accept-Encoding: compressed once here, never per request.
    { name: 'collie-precompress', apply: 'build', closeBundle: async () => void (await precompress('dist/app')) },
  ],
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    target: 'es2022',
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 15000,
  },
});
