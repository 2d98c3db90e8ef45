import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { wireValidator } from '../wire/schema/testing/validator';
import { openCollie, type Collie, type PaneHandle } from './kit';
import { RESEARCH_ITEMS, SHELL_ITEMS } from './demos/desk-content';
import { rawCall, tempDir, wireCall, type RawReply, type TempDir } from './testing';

/** Every reply the kit sends is valid by the schema the package ships for it. */
const ALL = { asks: true, send: true, steer: true, abort: true, actions: true, rename: true, close: true, starters: true, reopen: true, history: true };
const validator = wireValidator();

let dir: TempDir;
let collie: Collie;
let pane: PaneHandle;
let socket: string;
let n = 0;
const rid = () => `r-${++n}`;

function expectValid(schema: string, reply: RawReply): void {
  expect(validator.valid(schema, reply.json), `${schema}: ${validator.errors()} in ${reply.text.slice(0, 300)}`).toBe(true);
}

beforeEach(async () => {
  dir = await tempDir();
  socket = join(dir.path, 'run', 'app.sock');
  collie = await openCollie({ socket, hostName: 'schemas', caps: ALL, log: () => {} });
  pane = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('p', { title: 'P', harness: 'test' });
  collie.handle({ send: ({ turn }) => new Promise<void>((resolve) => turn.signal.addEventListener('abort', () => resolve())) });
  collie.starter({ id: 's', label: 'Start' }, () => collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane(`started-${n}`, { title: 'Started' }));
  // Every item kind; the desk's hostile markdown is left out, as the bridge would clean it.
  for (const item of [...RESEARCH_ITEMS, ...SHELL_ITEMS]) if (item.id !== 'r-hostile') pane.item(item);
  pane.belt([{ id: 'retry', label: 'Retry' }]);
  const silent = () => {};
  pane.ask({ kind: 'choice', toolCallId: 'c', title: 'Pick', options: [{ id: 'a', label: 'A' }], expiresInSeconds: 600 }).catch(silent);
  pane
    .ask({
      kind: 'permission',
      toolCallId: 'perm',
      title: 'Run?',
      tool: { name: 'bash', input: { command: 'ls', args: [1, true, null] } },
      options: [{ id: 'ok', label: 'Allow', effect: 'allow' }],
    })
    .catch(silent);
  pane.ask({ kind: 'text', toolCallId: 'txt', title: 'Name?', placeholder: 'name' }).catch(silent);
  pane.ask({ kind: 'form', toolCallId: 'form', title: 'Form', fields: [{ id: 'env', label: 'Env', type: 'choice', options: [{ id: 'prod', label: 'Prod' }] }] }).catch(silent);
  collie.ready();
});
afterEach(async () => {
  await collie.close();
  await dir.cleanup();
});

describe('the kit’s replies and the schemas', () => {
  it('validates hello, snapshot, events (page and view) and history', async () => {
    expectValid('hello-reply', await rawCall(socket, 'GET', '/session/v1/hello'));
    const snapshot = await wireCall(socket, 'GET', '/snapshot');
    expectValid('snapshot-reply', snapshot);
    const { epoch } = snapshot.json;
    expectValid('events-reply', await wireCall(socket, 'GET', `/pane/p/events?after=0&epoch=${epoch}`));
    expectValid('events-reply', await wireCall(socket, 'GET', '/pane/p/events?after=0&epoch=elsewhere'));
    const conversations = await wireCall(socket, 'GET', '/conversations');
    expectValid('conversations-reply', conversations);
    expectValid('items-reply', await wireCall(socket, 'GET', `/conversation/${conversations.json.conversations[0].id}/items?limit=3`));
  });

  it('validates every write’s reply, the replay of one, and the errors that carry more', async () => {
    const snapshot = (await wireCall(socket, 'GET', '/snapshot')).json;
    const asks = snapshot.workspaces[0].tabs[0].panes[0].asks;
    const choice = asks[0];
    const answer = { requestId: rid(), askId: choice.id, revision: 1, answer: { optionIds: ['a'] } };
    expectValid('answer-reply', await wireCall(socket, 'POST', '/pane/p/answer', answer));
    expectValid('answer-reply', await wireCall(socket, 'POST', '/pane/p/answer', answer));
    const decided = await wireCall(socket, 'POST', '/pane/p/answer', { ...answer, requestId: rid() });
    expect(decided.json.code).toBe('decided');
    expectValid('error-reply', decided);
    pane.reviseAsk('txt', { title: 'Your name?' });
    const stale = await wireCall(socket, 'POST', '/pane/p/answer', { requestId: rid(), askId: asks[2].id, revision: 1, answer: { text: 'x' } });
    expect(stale.json.code).toBe('stale');
    expectValid('error-reply', stale);
    const askOpen = await wireCall(socket, 'POST', '/pane/p/send', { requestId: rid(), text: 'hi', turnId: null, steer: false });
    expect(askOpen.json.code).toBe('ask-open');
    expectValid('error-reply', askOpen);
    const noTurn = await wireCall(socket, 'POST', '/pane/p/send', { requestId: rid(), text: 'hi', turnId: null, steer: true });
    expectValid('error-reply', noTurn);
    expectValid('abort-reply', await wireCall(socket, 'POST', '/pane/p/abort', { requestId: rid(), turnId: null }));
    const other = collie.workspace('w', { title: 'W' }).tab('t', { title: 'T' }).pane('q', { title: 'Q' });
    const sent = await wireCall(socket, 'POST', '/pane/q/send', { requestId: rid(), text: 'go', turnId: null, steer: false });
    expectValid('send-reply', sent);
    expectValid('send-reply', await wireCall(socket, 'POST', '/pane/q/send', { requestId: rid(), text: 'later', turnId: sent.json.turnId, steer: false }));
    expectValid('send-reply', await wireCall(socket, 'POST', '/pane/q/send', { requestId: rid(), text: 'now', turnId: sent.json.turnId, steer: true }));
    const moved = await wireCall(socket, 'POST', '/pane/q/send', { requestId: rid(), text: 'x', turnId: 'old', steer: false });
    expect(moved.json.code).toBe('turn-moved');
    expectValid('error-reply', moved);
    expectValid('abort-reply', await wireCall(socket, 'POST', '/pane/q/abort', { requestId: rid(), turnId: sent.json.turnId }));
    expectValid('empty-reply', await wireCall(socket, 'POST', '/pane/p/action', { requestId: rid(), actionId: 'retry', turnId: null }));
    expectValid('empty-reply', await wireCall(socket, 'POST', '/rename', { requestId: rid(), target: 'pane', id: 'q', title: 'Renamed' }));
    expectValid('starter-reply', await wireCall(socket, 'POST', '/starter/s', { requestId: rid() }));
    expectValid('empty-reply', await wireCall(socket, 'POST', '/close', { requestId: rid(), target: 'pane', id: 'q' }));
    expectValid('reopen-reply', await wireCall(socket, 'POST', '/reopen', { requestId: rid(), conversationId: other.conversationId }));
    for (const [path, body] of [
      ['/pane/nope/answer', { requestId: rid() }],
      ['/rename', { requestId: rid() }],
      ['/starter/none', { requestId: rid() }],
    ] as const) {
      expectValid('error-reply', await wireCall(socket, 'POST', path, body));
    }
    expectValid('error-reply', await wireCall(socket, 'GET', '/snapshot', undefined, { 'x-collie-session': '9' }));
    expectValid('error-reply', await wireCall(socket, 'POST', '/rename', { requestId: rid(), pad: 'x'.repeat(70000) }));
  });
});
