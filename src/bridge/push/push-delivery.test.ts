import { Agent } from 'node:https';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { PUSH_LIMITS } from '../../wire/limits';
import { BROWSER_ENDPOINTS, PARSER_DIFFERENTIAL_ENDPOINTS } from '../testing/push-endpoints';
import { pairedCookie } from '../testing/paired';
import { pushTestPerFile } from '../testing/push-rig';

/** An HTTPS agent that records where each push would be dialled and connects nowhere. */
class RecordingAgent extends Agent {
  readonly dialled: string[] = [];

  override createConnection(options: { host?: string | null; port?: number | null }): Socket {
    this.dialled.push(`${options.host ?? '?'}:${options.port ?? '?'}`);
    const socket = new Socket();
    process.nextTick(() => socket.destroy(Object.assign(new Error('the test connects nowhere'), { code: 'ETESTREFUSED' })));
    return socket;
  }
}

const recorder = new RecordingAgent();
// The test's own service is not accepted here: only the browsers' push services are.
const pushTest = pushTestPerFile({ agent: recorder, acceptService: false });
const codeOf = async (reply: Response) => [reply.status, ((await reply.json()) as { code?: string }).code];

describe('where the bridge sends a push', () => {
  it("refuses every parser-differential endpoint, and dials nothing but a push service's name on 443", async () => {
    const watch = await pairedCookie(pushTest.rig.bridge.devices, 'watch');
    const keys = pushTest.service.subscribe().json.keys;
    for (const endpoint of PARSER_DIFFERENTIAL_ENDPOINTS)
      expect(await codeOf(await pushTest.rig.api('POST', '/api/push/subscription', watch, { endpoint, keys })), JSON.stringify(endpoint)).toEqual([400, 'bad-endpoint']);
    for (const endpoint of BROWSER_ENDPOINTS.slice(0, PUSH_LIMITS.subscriptionsPerDevice))
      expect((await pushTest.rig.api('POST', '/api/push/subscription', watch, { endpoint, keys })).status, endpoint).toBe(200);

    expect(await (await pushTest.rig.api('POST', '/api/push/test', watch, {})).json()).toEqual({ sent: 0 });
    pushTest.rig.ask(pushTest.rig.pane('p'), 'q');
    await pushTest.rig.settle();
    const names = BROWSER_ENDPOINTS.slice(0, PUSH_LIMITS.subscriptionsPerDevice).map((e) => `${new URL(e).hostname}:443`);
    expect(recorder.dialled.length).toBeGreaterThanOrEqual(names.length * 2);
    expect(new Set(recorder.dialled)).toEqual(new Set(names));
  });
});
