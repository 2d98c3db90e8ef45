import { agentPath } from '../../wire/agent-paths';
import { parseHello, pickVersion } from '../../wire/parse-hello';
import { WIRE_VERSIONS } from '../../wire/wire-protocol';
import type { VersionRange } from '../../wire/types';
import { AddressRefused, AgentLink, TransportError } from '../link/agent-link';
import type { AgentSource } from '../config/config';
import type { CheckResult } from './doctor-socket';
import type { UrlTls } from '../link/transport-url';

const range = (r: VersionRange) => `${r.min}..${r.max}`;

/**
 * `durable-hello <name>`: one hello as the bridge sends it first (no version header), through
 * the bridge's own link, so the address checks and deadlines are the bridge's.
 */
export async function helloCheck(source: AgentSource, tls?: UrlTls): Promise<CheckResult> {
  const link = new AgentLink(source, tls);
  let res;
  try {
    res = await link.call('hello', 'read', 'GET', agentPath('hello'), { withVersion: null });
  } catch (err) {
    if (err instanceof AddressRefused || err instanceof TransportError) return { ok: false, text: `unreachable: ${err.message}` };
    throw err;
  }
  if (link.usesToken && (res.status === 401 || res.status === 403)) {
    return { ok: false, text: `token-refused: the durable agent answered ${res.status}; attach it again with its token, then collie restart` };
  }
  if (res.status !== 200) return { ok: false, text: `unreachable: hello answered ${res.status}` };
  const parsed = parseHello(res.json);
  if (!parsed.ok) {
    const why = parsed.error === 'wrong-service' ? 'not a durable agent: the listener does not say collie-durable' : 'hello is malformed';
    return { ok: false, text: `unreachable: ${why}` };
  }
  const { protocol, ready } = parsed.hello;
  if (pickVersion(WIRE_VERSIONS, protocol) === null) {
    return { ok: false, text: `incompatible: the durable agent speaks ${range(protocol)}, this Collie speaks ${range(WIRE_VERSIONS)}` };
  }
  return { ok: true, text: `speaks ${range(protocol)}, ${ready ? 'ready' : 'not ready (starting)'}` };
}
