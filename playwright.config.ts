import { defineConfig, devices } from '@playwright/test';

/** On CI (`CI` set, as `.ci/run` does) a failed test runs once more, with a trace; `.ci/run` then names every test that needed it. */
const onCi = !!process.env.CI;
/** Where the run's results are written for that list (.ci/flaky-tests.ts reads it). */
export const E2E_REPORT = 'test-results/e2e-report.json';

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A file's tests run in order in one worker; two files run at once (each test starts its own
  // bridge, agents and browser context on free ports and scratch folders, so they never meet).
  fullyParallel: false,
  workers: 2,
  retries: onCi ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: E2E_REPORT }]],
  use: {
    ...devices['Pixel 7'],
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    trace: onCi ? 'on-first-retry' : 'off',
  },
});
