/** Test helper: the hooks of a vitest file whose tests run two (or more) real bridges of a crew. */
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { tempDir, type TempDir } from '../../agent/testing';
import type { BridgeOptions } from '../bridge';
import { makeTestCa, type TestTls } from './tls';
import { crewBridge, type RigBridge } from './crew-rig';

/** What a crew test file holds: the file's test CA, and this test's folder and bridges. */
export interface CrewTest {
  tls: TestTls;
  dir: TempDir;
  /** A bridge of this test's folder (`crewBridge`, state in `<dir>/<name>/state`: the same name opens the same state again), closed after the test. */
  bridge(name: string, extra?: Partial<BridgeOptions>): Promise<RigBridge>;
  /** Closes one of this test's bridges now (to start it again, or to see it gone). */
  stop(rig: RigBridge): Promise<void>;
  /** One more thing to close after the test, once its bridges are closed (an agent, a server), the last given first. */
  later(close: () => unknown): void;
}

/**
 * Registers the hooks every test file of two (or more) real bridges needs: one test CA for the
 * file, a fresh folder per test, and every bridge and thing given to `later` closed after it.
 * Read the fields inside tests.
 */
export function crewTestPerFile(): CrewTest {
  let open: RigBridge[] = [];
  let closes: (() => unknown)[] = [];
  const held = {} as CrewTest;
  Object.assign(held, {
    async bridge(name, extra = {}) {
      const rig = await crewBridge(held.dir.path, name, held.tls, extra);
      open.push(rig);
      return rig;
    },
    async stop(rig) {
      open = open.filter((b) => b !== rig);
      await rig.bridge.close();
    },
    later: (close) => void closes.push(close),
  } satisfies Omit<CrewTest, 'tls' | 'dir'>);
  beforeAll(async () => {
    const caDir = await tempDir();
    held.tls = await makeTestCa(caDir.path);
    await caDir.cleanup();
  });
  beforeEach(async () => {
    held.dir = await tempDir();
  });
  afterEach(async () => {
    await Promise.all(open.map((b) => b.bridge.close()));
    open = [];
    for (const close of closes.reverse()) await close();
    closes = [];
    await held.dir.cleanup();
  });
  return held;
}
