// Names every end-to-end test that passed only on its retry (Playwright's "flaky"), from the run's
// JSON report: .ci/run prints this last, so a flake is seen, not hidden behind a green run.
import { readFileSync } from 'node:fs';
import config, { E2E_REPORT } from '../playwright.config';

interface Suite {
  title: string;
  file: string;
  specs?: { title: string; line: number; tests: { status: string }[] }[];
  suites?: Suite[];
}

const flaky: string[] = [];
const failed: string[] = [];
function walk(suite: Suite, titles: string[]): void {
  for (const spec of suite.specs ?? []) {
    const name = `${config.testDir}/${suite.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`;
    if (spec.tests.some((test) => test.status === 'flaky')) flaky.push(name);
    if (spec.tests.some((test) => test.status === 'unexpected')) failed.push(name);
  }
  for (const inner of suite.suites ?? []) walk(inner, [...titles, inner.title]);
}

let report: { suites?: Suite[] } | null = null;
try {
  report = JSON.parse(readFileSync(E2E_REPORT, 'utf8')) as { suites?: Suite[] };
} catch {
  console.log(`[ci] no end-to-end report at ${E2E_REPORT}: the suite did not run`);
}
if (report) {
  for (const file of report.suites ?? []) walk(file, []);
  if (failed.length > 0) console.log(`[ci] failed, retry too (${failed.length}):\n${failed.map((name) => `  ${name}`).join('\n')}`);
  if (flaky.length === 0) console.log('[ci] no end-to-end test passed only on its retry');
  else
    console.log(`[ci] passed only on retry (${flaky.length}), each a flake to find (its trace: test-results/*-retry1/trace.zip):\n${flaky.map((name) => `  ${name}`).join('\n')}`);
}
