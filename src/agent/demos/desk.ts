/**
 * The desk demo agent: two workspaces, open and closed conversations (one long and trimmed),
 * every item kind, all four ask kinds, a belt, starters, and turns that can be steered and stopped.
 * Each conversation with a question tells a story forward (desk-stories.ts): after an answer its
 * tool runs, a sentence says what happened, and the next step comes.
 */
import { randomUUID } from 'node:crypto';
import { openCollie, type Collie, type SendContext } from '../kit';
import { CONVERSATION_MEMORY } from '../conversations';
import { RESEARCH_ITEMS, SHELL_ITEMS } from './desk-content';
import { DEPLOY_STORY, NOTES_STORY, RELEASE_STORY, RESEARCH_STORY, SHELL_STORY } from './desk-stories';
import { tellStory, type Pace, type Story, type StoryPane } from './story';

const ALL_CAPS = { asks: true, starters: true, send: true, steer: true, abort: true, rename: true, close: true, actions: true, history: true, reopen: true };
/** How long the demo's turn works, step by step, so Steer and Stop have time to act. */
const TURN_STEPS = 8;
const TURN_STEP_MS = 1000;
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

/** A story's tool runs long enough to be seen working; the next step comes after a breath. */
const STORY_PACE: Pace = { toolMs: 1200, nextMs: 1800, wait: sleep };

/** Tells a pane's story; a failure is logged (the demo goes on with its other panes). */
function tell(pane: StoryPane, story: Story, pace: Pace, log: (line: string) => void): void {
  tellStory(pane, story, pace).catch((err: unknown) => log(`[desk] the ${story.id} story stopped: ${err instanceof Error ? err.message : String(err)}`));
}

async function runTurn({ pane, text, turn }: SendContext): Promise<void> {
  // Its items' own ids: nothing an earlier turn wrote can be overwritten by this one.
  const mark = randomUUID().slice(0, 12);
  pane.item({ id: `echo-${mark}`, kind: 'reply', text: `You said: ${text}` });
  const steers: string[] = [];
  turn.onSteer((steer) => {
    steers.push(steer);
    pane.item({ id: `steer-${mark}-${steers.length}`, kind: 'notice', text: `Steering: ${steer}` });
  });
  const toolId = `work-${mark}`;
  let finished = 0;
  for (let step = 1; step <= TURN_STEPS && !turn.signal.aborted; step += 1) {
    pane.item({ id: toolId, kind: 'tool', toolCallId: toolId, name: 'work', summary: `step ${step} of ${TURN_STEPS}`, status: 'running' });
    await sleep(TURN_STEP_MS, turn.signal);
    if (!turn.signal.aborted) finished = step;
  }
  const stopped = turn.signal.aborted;
  // A Stop is not a failure: the work row ends as what it did ("2 of 4 steps done", never "done —
  // stopped"), and a notice says it was stopped.
  const summary = stopped ? `${finished} of ${TURN_STEPS} steps done` : 'all steps done';
  pane.item({ id: toolId, kind: 'tool', toolCallId: toolId, name: 'work', summary, status: 'done' });
  if (stopped) pane.item({ id: `stopped-${mark}`, kind: 'notice', text: 'Stopped.' });
  else pane.item({ id: `done-${mark}`, kind: 'reply', text: steers.length ? `Done, with your steer: ${steers.join('; ')}` : 'Done.' });
}

export interface DeskOptions {
  dataDir?: string;
  log?: (line: string) => void;
  /** How fast the stories move (tests pass one that does not wait). */
  pace?: Pace;
}

export async function runDesk(socket: string, options: DeskOptions = {}): Promise<Collie> {
  const collie = await openCollie({
    socket,
    hostName: 'desk',
    caps: ALL_CAPS,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  const log = options.log ?? ((line: string) => console.error(line));
  const pace = options.pace ?? STORY_PACE;
  // What earlier runs left in the data folder, read before this run adds its own panes.
  const kept = collie.conversations();
  const web = collie.workspace('projects', { title: 'Projects' }).tab('web', { title: 'Web app' });
  const ops = collie.workspace('ops', { title: 'Ops' }).tab('servers', { title: 'Servers' });

  const deploy = web.pane('deploy', { title: 'Deploy', harness: 'desk' });
  deploy.belt([
    { id: 'retry', label: 'Retry' },
    { id: 'logs', label: 'Show logs' },
  ]);
  tell(deploy, DEPLOY_STORY, pace, log);

  const research = web.pane('research', { title: 'Research' });
  if (research.itemCount === 0) for (const item of RESEARCH_ITEMS) research.item(item);
  tell(research, RESEARCH_STORY, pace, log);

  const long = web.pane('history', { title: 'Long history' });
  if (long.itemCount === 0) {
    for (let i = 1; i <= CONVERSATION_MEMORY + 50; i += 1) long.item({ id: `h-${i}`, kind: i % 2 ? 'user' : 'reply', text: `Message ${i}` });
  }

  const shell = ops.pane('shell', { title: 'Shell', harness: 'desk' });
  if (shell.itemCount === 0) for (const item of SHELL_ITEMS) shell.item(item);
  tell(shell, SHELL_STORY, pace, log);

  const release = ops.pane('release', { title: 'Release' });
  tell(release, RELEASE_STORY, pace, log);

  const notes = ops.pane('notes', { title: 'Notes' });
  tell(notes, NOTES_STORY, pace, log);

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
