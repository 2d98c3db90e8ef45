/** Test helper: bridges on one machine, each with its own state folder and port, over loopback HTTPS with a test CA. */
import { join } from 'node:path';
import { startBridge, type BridgeOptions, type RunningBridge } from '../bridge';
import type { TestTls } from './tls';

export interface RigBridge {
  bridge: RunningBridge;
  stateDir: string;
  logs: string[];
}

/** A bridge serving HTTPS with the test CA's certificate, trusting that CA for the crew. */
export async function crewBridge(root: string, name: string, tls: TestTls, extra: Partial<BridgeOptions> = {}): Promise<RigBridge> {
  const stateDir = join(root, name, 'state');
  const logs: string[] = [];
  const bridge = await startBridge({
    sources: [],
    durable: true,
    stateDir,
    host: '127.0.0.1',
    port: 0,
    log: (line) => logs.push(line),
    tls: { cert: tls.cert.toString(), key: tls.key.toString() },
    crew: { tls: { ca: tls.ca } },
    ...extra,
  });
  return { bridge, stateDir, logs };
}

/** The lead's code, and the member joined with it under `label`. */
export async function joinCrew(lead: RunningBridge, member: RunningBridge, label: string): Promise<void> {
  const { code } = lead.crew.invite(null);
  await member.crew.join(lead.origin, label, code);
}
