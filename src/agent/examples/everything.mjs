// Every capability of @colliepwa/durable-sdk in one durable agent: the four kinds of question,
// every kind of item, a belt button, a starter, send, steer and stop, rename, close, reopen and
// history. `node everything.mjs`, then `collie durable attach everything --socket <path> --restart`.
import { setTimeout as sleep } from 'node:timers/promises';
import { AskClosedError, openCollie } from '@colliepwa/durable-sdk';

const socket = process.env.COLLIE_DURABLE_SOCKET ?? `${process.env.XDG_RUNTIME_DIR}/everything/app.sock`;
const collie = await openCollie({
  socket,
  hostName: 'everything',
  caps: { asks: true, starters: true, send: true, steer: true, abort: true, rename: true, close: true, actions: true, history: true, reopen: true },
  // With a folder, conversations (open and closed) come back after a restart.
  ...(process.env.EVERYTHING_DATA ? { dataDir: process.env.EVERYTHING_DATA } : {}),
});
const tab = collie.workspace('everything', { title: 'Everything' }).tab('main', { title: 'Main' });
let made = 0;
/** @param {string} what */
const fresh = (what) => `${what}-${Date.now()}-${(made += 1)}`;

// A chat with every kind of item, and a belt button.
const chat = tab.pane('chat', { title: 'Chat', harness: 'example' });
if (chat.itemCount === 0) {
  chat.item({ id: 'welcome', kind: 'notice', text: 'Send a text: each one runs as a turn. Steer it or stop it while it runs.' });
  chat.item({ id: 'plan', kind: 'markdown', text: '## The plan\n\n- read the logs\n- **fix** the flaky test\n- see [the docs](https://example.com/docs)' });
  chat.item({ id: 'code', kind: 'code', language: 'js', text: 'await retry(() => login(), 3);' });
  chat.item({ id: 'link', kind: 'link', url: 'https://example.com/runbook', title: 'The runbook' });
  chat.item({ id: 'tool', kind: 'tool', toolCallId: 'ls-1', name: 'bash', summary: 'ls logs/', status: 'done', output: 'app.log\nerror.log' });
}
chat.belt([{ id: 'summarise', label: 'Summarise' }]);

collie.handle({
  // Each text from the phone runs in a turn; a steer reaches it while it runs, Stop aborts it.
  async send({ pane, text, turn }) {
    pane.item({ id: fresh('thinking'), kind: 'thinking', text: 'Reading what you wrote.' });
    turn.onSteer((more) => pane.item({ id: fresh('steered'), kind: 'notice', text: `Steered: ${more}` }));
    await sleep(2000, undefined, { signal: turn.signal }).catch(() => {});
    if (!turn.signal.aborted) pane.item({ id: fresh('reply'), kind: 'reply', text: `You said: ${text}` });
  },
  action({ pane, actionId }) {
    pane.item({ id: fresh(actionId), kind: 'markdown', text: `**Summary:** ${pane.itemCount} items so far.` });
  },
  abort({ pane }) {
    pane.item({ id: fresh('stopped'), kind: 'notice', text: 'Stopped.' });
  },
  rename({ target, id, title }) {
    console.log(`renamed ${target} ${id} to ${title}`);
  },
  close({ target, id }) {
    console.log(`closed ${target} ${id}`);
  },
  reopen({ pane }) {
    pane.item({ id: fresh('reopened'), kind: 'notice', text: 'Shown again.' });
  },
});

// Questions, one of each kind in turn, asked again after each answer.
const cards = tab.pane('cards', { title: 'Questions' });
/** @type {import('@colliepwa/durable-sdk').AskSpec[]} */
const questions = [
  {
    kind: 'permission',
    toolCallId: 'rm',
    title: 'Remove the build folder?',
    tool: { name: 'bash', input: { command: 'rm -rf build/' } },
    options: [
      { id: 'allow', label: 'Allow', effect: 'allow' },
      { id: 'deny', label: 'Deny', effect: 'deny' },
    ],
  },
  {
    kind: 'choice',
    toolCallId: 'envs',
    title: 'Deploy where?',
    reason: 'The tests passed on main.',
    multiple: true,
    min: 1,
    max: 2,
    options: [
      { id: 'staging', label: 'Staging' },
      { id: 'canary', label: 'Canary' },
      { id: 'prod', label: 'Production' },
    ],
    expiresInSeconds: 600,
  },
  { kind: 'text', toolCallId: 'name', title: 'Name the release', placeholder: 'v1.2.3' },
  {
    kind: 'form',
    toolCallId: 'settings',
    title: 'Release settings',
    fields: [
      { id: 'notes', label: 'Notes', type: 'text' },
      { id: 'notify', label: 'Notify the team', type: 'toggle' },
      {
        id: 'channel',
        label: 'Channel',
        type: 'choice',
        required: true,
        options: [
          { id: 'stable', label: 'Stable' },
          { id: 'beta', label: 'Beta' },
        ],
      },
    ],
  },
];

/** @param {import('@colliepwa/durable-sdk').Answer} answer */
function describe(answer) {
  if ('optionIds' in answer) return answer.optionIds.join(', ');
  if ('text' in answer) return JSON.stringify(answer.text);
  return JSON.stringify(answer.values);
}

async function askForever() {
  for (let round = 1; cards.open; round += 1) {
    const spec = questions[(round - 1) % questions.length];
    if (!spec) return;
    try {
      const answer = await cards.ask({ ...spec, toolCallId: `${spec.toolCallId}-${round}` });
      cards.item({ id: fresh('answer'), kind: 'reply', text: `${spec.title} ${describe(answer)}` });
    } catch (err) {
      if (!(err instanceof AskClosedError)) throw err;
      cards.item({ id: fresh('closed'), kind: 'notice', text: `${spec.title} was decided by ${err.decidedBy}.` });
    }
  }
}

// A question the agent decides itself: the chat shows it as decided in the agent.
cards.ask({ kind: 'choice', toolCallId: 'warm-up', title: 'Warm the cache first?', options: [{ id: 'yes', label: 'Yes' }] }).catch(() => {});
cards.decide('warm-up');

// A long task of the agent's own: its turn runs until the phone stops it.
const watch = tab.pane('watch', { title: 'Watch the logs' });
const task = watch.startTurn();
watch.item({ id: 'tail', kind: 'tool', toolCallId: 'tail-1', name: 'tail', summary: 'tail -f app.log', status: 'running' });
task.signal.addEventListener('abort', () => watch.item({ id: 'tail', kind: 'tool', toolCallId: 'tail-1', name: 'tail', summary: 'tail -f app.log', status: 'done' }));

collie.starter({ id: 'new-chat', label: 'New chat' }, () => {
  const pane = tab.pane(fresh('chat'), { title: 'New chat' });
  pane.item({ id: 'hello', kind: 'notice', text: 'A new chat.' });
  return pane;
});

collie.ready();
console.log(`listening ${collie.address}`);
void askForever();

const stop = () => void collie.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
