import { test } from '@playwright/test';
import type { Collie } from '../../src/agent/kit';
import type { Proc, scratch } from './processes';

/** What a spec starts for a test and must stop after it: the scratch folders, a kit agent, the bridge. */
export interface Started {
  dirs?: Awaited<ReturnType<typeof scratch>>;
  agent?: Collie;
  bridge?: Proc;
}

/** Registers the stop after each test (the bridge first, then the agent, then the folders) and returns what to fill in. */
export function stopAfterEach(): Started {
  const started: Started = {};
  test.afterEach(async () => {
    await started.bridge?.stop();
    await started.agent?.close();
    await started.dirs?.cleanup();
    delete started.bridge;
    delete started.agent;
    delete started.dirs;
  });
  return started;
}
