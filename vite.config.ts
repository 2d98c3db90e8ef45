import { defineConfig } from 'vitest/config';
import preact from '@preact/preset-vite';
import { precompress } from './src/bridge/phone/precompress';

export default defineConfig({
  plugins: [
    preact(),
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
