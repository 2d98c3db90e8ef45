/**
 * The desk demo agent: two workspaces, open and closed conversations (one long and trimmed),
 * every item kind, all four ask kinds, a belt, starters, and turns that can be steered and stopped.
 */
import { AskClosedError, openCollie, type Collie, type PaneHandle, type SendContext } from '../kit';
import type { AskSpec } from '../kit';
import { CONVERSATION_MEMORY } from '../conversations';
import { RESEARCH_ITEMS, SHELL_ITEMS } from './desk-content';

const ALL_CAPS = { asks: true, starters: true, send: true, steer: true, abort: true, rename: true, close: true, actions: true, history: true, reopen: true };
/** How long the demo's turn works, step by step, so Steer and Stop have time to act. */
const TURN_STEPS = 8;
const TURN_STEP_MS = 1000;
/** After an answer, the demo asks the same kind of question again this much later. */
const ASK_AGAIN_MS = 4000;
/** The starter's chats are the panes whose id starts so. */
const CHAT_PANE = 'chat-';

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Raises an ask again and again: after an answer, a timeout or a decision, it comes back. */
function keepAsking(pane: PaneHandle, make: (round: number) => AskSpec, onAnswer: (answer: unknown) => void): void {
  void (async () => {
    for (let round = 1; pane.open; round += 1) {
      try {
        onAnswer(await pane.ask(make(round)));
      } catch (err) {
        if (!(err instanceof AskClosedError)) return;
      }
      await sleep(ASK_AGAIN_MS);
    }
  })();
}

async function runTurn({ pane, text, turn }: SendContext): Promise<void> {
  pane.item({ id: `echo-${turn.id}`, kind: 'reply', text: `You said: ${text}` });
  const steers: string[] = [];
  turn.onSteer((steer) => {
    steers.push(steer);
    pane.item({ id: `steer-${turn.id}-${steers.length}`, kind: 'notice', text: `Steering: ${steer}` });
  });
  const toolId = `work-${turn.id}`;
  for (let step = 1; step <= TURN_STEPS && !turn.signal.aborted; step += 1) {
    pane.item({ id: toolId, kind: 'tool', toolCallId: toolId, name: 'work', summary: `step ${step} of ${TURN_STEPS}`, status: 'running' });
    await sleep(TURN_STEP_MS, turn.signal);
  }
  const stopped = turn.signal.aborted;
  // A Stop is not a failure: the work row ends as done so far, and a notice says it was stopped.
  pane.item({ id: toolId, kind: 'tool', toolCallId: toolId, name: 'work', summary: stopped ? 'stopped before the last step' : 'all steps done', status: 'done' });
  if (stopped) pane.item({ id: `stopped-${turn.id}`, kind: 'notice', text: 'Stopped.' });
  else pane.item({ id: `done-${turn.id}`, kind: 'reply', text: steers.length ? `Done, with your steer: ${steers.join('; ')}` : 'Done.' });
}

export async function runDesk(socket: string, options: { dataDir?: string; log?: (line: string) => void } = {}): Promise<Collie> {
  const collie = await openCollie({
    socket,
    hostName: 'desk',
    caps: ALL_CAPS,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  // What earlier runs left in the data folder, read before this run adds its own panes.
  const kept = collie.conversations();
  const web = collie.workspace('projects', { title: 'Projects' }).tab('web', { title: 'Web app' });
  const ops = collie.workspace('ops', { title: 'Ops' }).tab('servers', { title: 'Servers' });

  const deploy = web.pane('deploy', { title: 'Deploy', harness: 'desk' });
  deploy.belt([
    { id: 'retry', label: 'Retry' },
    { id: 'logs', label: 'Show logs' },
  ]);
  keepAsking(
    deploy,
    (round) => ({
      kind: 'choice',
      toolCallId: `deploy-${round}`,
      title: 'Deploy to staging?',
      reason: 'The tests passed on main.',
      multiple: false,
      options: [
        { id: 'yes', label: 'Yes' },
        { id: 'no', label: 'No' },
      ],
      expiresInSeconds: 600,
    }),
    (answer) => deploy.item({ id: `deploy-said-${Date.now()}`, kind: 'reply', text: `Answer taken: ${JSON.stringify(answer)}` }),
  );

  const research = web.pane('research', { title: 'Research' });
  if (research.itemCount === 0) for (const item of RESEARCH_ITEMS) research.item(item);
  keepAsking(
    research,
    (round) => ({
      kind: 'choice',
      toolCallId: `pr-${round}`,
      title: 'Which fixes should the PR hold?',
      multiple: true,
      min: 1,
      options: [
        { id: 'cache', label: 'Clear the cache' },
        { id: 'wait', label: 'Wait for the redirect' },
        { id: 'retry', label: 'Retry the test' },
      ],
    }),
    () => {},
  );

  const long = web.pane('history', { title: 'Long history' });
  if (long.itemCount === 0) {
    for (let i = 1; i <= CONVERSATION_MEMORY + 50; i += 1) long.item({ id: `h-${i}`, kind: i % 2 ? 'user' : 'reply', text: `Message ${i}` });
  }

  const shell = ops.pane('shell', { title: 'Shell', harness: 'desk' });
  if (shell.itemCount === 0) for (const item of SHELL_ITEMS) shell.item(item);
  keepAsking(
    shell,
    (round) => ({
      kind: 'permission',
      toolCallId: `rm-${round}`,
      title: 'Run a command',
      tool: { name: 'bash', input: { command: 'rm -rf build/' } },
      options: [
        { id: 'allow', label: 'Allow', effect: 'allow' },
        { id: 'always', label: 'Allow always', effect: 'allow-always' },
        { id: 'deny', label: 'Deny', effect: 'deny' },
      ],
    }),
    () => {},
  );

  const release = ops.pane('release', { title: 'Release' });
  keepAsking(
    release,
    (round) => ({
      kind: 'form',
      toolCallId: `release-${round}`,
      title: 'Release details',
      fields: [
        { id: 'version', label: 'Version', type: 'text', required: true },
        { id: 'notify', label: 'Notify the team', type: 'toggle', required: false },
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
    }),
    () => {},
  );

  const notes = ops.pane('notes', { title: 'Notes' });
  keepAsking(
    notes,
    (round) => ({ kind: 'text', toolCallId: `name-${round}`, title: 'Name the new server', placeholder: 'e.g. web-3', expiresInSeconds: 120 }),
    () => {},
  );

  // Made on the first run only: later runs find them in the data folder (closed, or reopened from the phone).
  for (const [id, title] of [
    ['old-1', 'Migrate the database'],
    ['old-2', 'Rotate the keys'],
  ] as const) {
    if (kept.some((c) => c.paneId === id)) continue;
    const old = ops.pane(id, { title });
    old.item({ id: `${id}-done`, kind: 'reply', text: `${title}: finished.` });
    old.close();
  }

  // Chats opened by earlier runs are kept, so the next one is numbered after them.
  let chats = kept.filter((c) => c.paneId.startsWith(CHAT_PANE)).length;
  collie.starter({ id: 'new-chat', label: 'New chat' }, () => {
    chats += 1;
    const pane = web.pane(`${CHAT_PANE}${Date.now().toString(36)}-${chats}`, { title: `Chat ${chats}` });
    pane.item({ id: 'hello', kind: 'reply', text: 'Hi! Send me something and I will work on it for a few seconds.' });
    return pane;
  });
  collie.handle({
    send: runTurn,
    action: ({ pane, actionId }) => pane.item({ id: `action-${Date.now()}`, kind: 'notice', text: actionId === 'retry' ? 'Retrying the deploy…' : 'Logs: all green.' }),
  });
  collie.ready();
  console.log(`listening ${collie.address}`);
  return collie;
}
