import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openCollie, type Collie } from '../../src/agent/kit';
import type { BridgeOptions } from '../../src/bridge/bridge';
import { crewBridge, joinCrew, type RigBridge } from '../../src/bridge/testing/crew-rig';
import { makeTestCa } from '../../src/bridge/testing/tls';
import { collie, scratch, startBridge, writeSources, type Proc } from './processes';
import type { Started } from './started';

/** One machine of a crew in a test: its folders, its agent `desk` (a kit agent in this process) and its bridge serving HTTPS. */
export interface Machine {
  dirs: Awaited<ReturnType<typeof scratch>>;
  agent: Collie;
  bridge: Proc;
  url: string;
  link: string | null;
  /** Starts its bridge again (after `bridge.stop()`), on the same port. */
  restart(): Promise<void>;
}

/**
 * Two bridges on one machine as two machines of a crew: their own state and config folders, their
 * own ports, loopback HTTPS with a test CA both trust (NODE_EXTRA_CA_CERTS, as a machine trusts
 * its own CA). The member joins the lead as a person does: `collie crew invite` on the lead, the
 * code given to `collie crew join` on the member. Everything is stopped after the test.
 */
export async function crewOfTwo(run: Started, label = 'build-box'): Promise<{ lead: Machine; member: Machine }> {
  const shared = await scratch();
  run.later(() => shared.cleanup());
  const tls = await makeTestCa(shared.root);
  const [cert, key, ca] = [join(shared.root, 'cert.pem'), join(shared.root, 'key.pem'), join(shared.root, 'ca.pem')];
  await writeFile(cert, tls.cert);
  await writeFile(key, tls.key, { mode: 0o600 });
  const env = { NODE_EXTRA_CA_CERTS: ca };

  const machine = async (): Promise<Machine> => {
    const dirs = await scratch();
    run.later(() => dirs.cleanup());
    const socket = join(dirs.socketDir, 'desk', 'app.sock');
    const agent = await openCollie({ socket, hostName: 'desk', caps: { asks: true, send: true, abort: true, history: true }, log: () => {} });
    run.later(() => agent.close());
    await writeSources(dirs.configDir, [{ name: 'desk', kind: 'durable', socket }]);
    const tlsArgs = ['--tls-cert', cert, '--tls-key', key];
    const started = await startBridge(dirs, tlsArgs, env);
    const one: Machine = {
      dirs,
      agent,
      bridge: started.proc,
      url: started.url,
      link: started.link,
      restart: async () => {
        one.bridge = (await startBridge(dirs, [...tlsArgs, '--port', new URL(started.url).port], env)).proc;
      },
    };
    run.later(() => one.bridge.stop());
    return one;
  };
  const [lead, member] = [await machine(), await machine()];
  const invite = await collie(lead.dirs, ['crew', 'invite', '--label', label]);
  const code = invite.output.split('\n')[0] ?? '';
  const joined = await collie(member.dirs, ['crew', 'join', lead.url.slice(0, -1), '--label', label], { COLLIE_CREW_CODE: code });
  if (joined.code !== 0) throw new Error(`collie crew join failed: ${joined.output}`);
  return { lead, member };
}

/**
 * Two bridges of a crew in this process, for a spec that needs what only a bridge it runs can be
 * given (a push service of its own): the crew rig of the bridge's own tests (`crewBridge`, over
 * loopback HTTPS with a test CA), the member joined to the lead as `label`. `extra` is each one's
 * options (its agents, the app, push); both are stopped after the test.
 */
export async function crewHere(
  run: Started,
  extra: { lead?: Partial<BridgeOptions>; member?: Partial<BridgeOptions> },
  label = 'build-box',
): Promise<{ lead: RigBridge; member: RigBridge }> {
  const shared = await scratch();
  run.later(() => shared.cleanup());
  const tls = await makeTestCa(shared.root);
  const lead = await crewBridge(shared.root, 'lead', tls, extra.lead);
  run.later(() => lead.bridge.close());
  const member = await crewBridge(shared.root, 'member', tls, extra.member);
  run.later(() => member.bridge.close());
  await joinCrew(lead.bridge, member.bridge, label);
  return { lead, member };
}
