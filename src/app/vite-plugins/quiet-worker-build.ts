import type { Plugin } from 'vite';

/**
 * For the service worker's own build (vite-plugin-pwa runs it with a config of its own): only
 * warnings and errors are printed, and its one-file output is asked for as Rolldown names it
 * (`codeSplitting: false`), not by the deprecated `inlineDynamicImports` the plugin sets, whose
 * warning stood between `npm start` and its link.
 */
export function quietWorkerBuild(): Plugin {
  return {
    name: 'collie-quiet-worker-build',
    config(config) {
      config.logLevel = 'warn';
      const output = config.build?.rollupOptions?.output;
      if (output && !Array.isArray(output) && 'inlineDynamicImports' in output) {
        const { inlineDynamicImports, ...rest } = output as typeof output & { inlineDynamicImports?: boolean };
        config.build!.rollupOptions!.output = { ...rest, codeSplitting: !inlineDynamicImports };
      }
    },
  };
}
