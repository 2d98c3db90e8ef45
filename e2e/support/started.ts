import { test, type TestInfo } from '@playwright/test';
import type { Collie } from '../../src/agent/kit';
import type { Proc, scratch } from './processes';

/** One more thing to stop after the test; handed the test's info, so it can say more when the test failed. */
export type Stop = (testInfo: TestInfo) => unknown;

/**
 * What a spec starts for a test and must stop after it. After each test, in this order: the
 * bridge, then the kit agent, then each stop given to `later` (the last given first, so what was
 * started last stops first), then the scratch folders are removed (a stop may still need them).
 * A bridge run in the test's own process (no `Proc`) is given to `later` after its agent, so that
 * it still stops before the agent.
 */
export interface Started {
  dirs?: Awaited<ReturnType<typeof scratch>>;
  agent?: Collie;
  bridge?: Proc;
  /** Registers a stop for this test only: a proxy, a second agent, a server, a browser, a Pi, a variable to reset. */
  later(stop: Stop): void;
}

/** Registers the stop after each test (see `Started` for the order) and returns what to fill in. */
export function stopAfterEach(): Started {
  let stops: Stop[] = [];
  const started: Started = { later: (stop) => void stops.push(stop) };
  test.afterEach(async ({}, testInfo) => {
    const { bridge, agent, dirs } = started;
    const all: Stop[] = [() => bridge?.stop(), () => agent?.close(), ...stops.reverse(), () => dirs?.cleanup()];
    stops = [];
    // Every stop runs even when one before it throws: one failed stop must not leave a process
    // or a folder behind. The errors are collected, and the first is thrown once all have run.
    const errors: unknown[] = [];
    for (const stop of all) {
      try {
        await stop(testInfo);
      } catch (err) {
        errors.push(err);
      }
    }
    delete started.bridge;
    delete started.agent;
    delete started.dirs;
    if (errors.length > 0) throw errors[0];
  });
  return started;
}
