/**
 * A demo conversation told forward, step by step: a step asks the person (or runs at once), then
 * its tool runs and a sentence says what happened, and after a pause the next step comes. A
 * question is raised once, in its own step, never again after its answer; Allow always lets that
 * tool run without a card for the rest of the conversation. Where the story stands is read back
 * from the conversation's own items, so after a restart it picks up where it left off.
 */
import type { DistributiveOmit } from '../../wire/types';
import { AskClosedError, type Answer, type AskSpec, type PaneHandle, type PermissionAskSpec, type TurnHandle } from '../kit-exports';

/** A tool the story runs: its row in the chat, and the sentences around it. */
export interface ToolRun {
  name: string;
  summary: string;
  output?: string;
  /** Said as the tool starts ("Deploying 1.4.0 to staging…"); the row alone when left out. */
  starting?: string;
  /** Said once it has run ("Staging is live."). */
  done: string;
}

/** What an answer leads to: a tool that runs, or only a sentence (with `end`, the story's last). */
export type Outcome = { run: ToolRun } | { say: string; end?: boolean };

/** A tool that changes something: it runs after the person allows it on a card, or at once when allowed always. */
export interface PermissionStep {
  id: string;
  kind: 'permission';
  run: ToolRun & { input: unknown };
  /** Said when the person denies it. */
  denied: string;
}

/** A question (choice, text or form); its answer decides what comes next. */
export interface QuestionStep {
  id: string;
  kind: 'question';
  ask: DistributiveOmit<Exclude<AskSpec, PermissionAskSpec>, 'toolCallId'>;
  then(answer: Answer): Outcome;
  /** What comes when the question's time runs out unanswered. */
  unanswered: Outcome;
}

export type Step = PermissionStep | QuestionStep;

export interface Story {
  /** Unique in the conversation: the story's item ids start with it. */
  id: string;
  steps: Step[];
}

/** How fast the story moves; tests pass a `wait` that resolves at once. */
export interface Pace {
  /** How long a tool runs. */
  toolMs: number;
  /** The pause between a step's last sentence and the next step. */
  nextMs: number;
  /** Resolves after `ms`, or at once when `signal` aborts. */
  wait(ms: number, signal?: AbortSignal): Promise<void>;
}

/** What the story needs of its pane (a `PaneHandle`, or a test's stand-in). */
export type StoryPane = Pick<PaneHandle, 'open' | 'ask' | 'item' | 'startTurn' | 'hasItem'>;

/** How a step ended: the story goes on, it is over for good, or a stop paused it until the next start. */
type StepEnd = 'next' | 'over' | 'stopped';

/** The item ids the story's progress is read back from. */
const ids = {
  said: (story: Story, step: Step) => `${story.id}-${step.id}-said`,
  over: (story: Story) => `${story.id}-over`,
  always: (story: Story, tool: string) => `${story.id}-always-${tool}`,
};

/**
 * Tells the story in the pane from the first step it has not finished; resolves when it is
 * over, stopped, or the pane closed. Steps already told (in an earlier run) are not told again.
 */
export async function tellStory(pane: StoryPane, story: Story, pace: Pace): Promise<void> {
  if (pane.hasItem(ids.over(story))) return;
  let told = false;
  for (const step of story.steps) {
    if (pane.hasItem(ids.said(story, step))) continue;
    if (told) await pace.wait(pace.nextMs);
    if (!pane.open) return;
    told = true;
    if ((await tellStep(pane, story, step, pace)) !== 'next') return;
  }
}

async function tellStep(pane: StoryPane, story: Story, step: Step, pace: Pace): Promise<StepEnd> {
  let outcome: Outcome;
  try {
    outcome = step.kind === 'permission' ? await permit(pane, story, step) : step.then(await pane.ask({ ...step.ask, toolCallId: step.id }));
  } catch (err) {
    if (!(err instanceof AskClosedError)) throw err;
    if (err.decidedBy === 'timeout' && step.kind === 'question') outcome = step.unanswered;
    else return stopped(pane, story, step);
  }
  if ('say' in outcome) {
    if (pane.open) pane.item({ id: outcome.end ? ids.over(story) : ids.said(story, step), kind: 'reply', text: outcome.say });
    return outcome.end ? 'over' : 'next';
  }
  return runTool(pane, story, step, outcome.run, pace);
}

/** A permission step's outcome: at once when the tool is allowed always here, else the person's answer on a card. */
async function permit(pane: StoryPane, story: Story, step: PermissionStep): Promise<Outcome> {
  const { name, summary } = step.run;
  if (pane.hasItem(ids.always(story, name))) {
    pane.item({ id: `${story.id}-${step.id}-unasked`, kind: 'notice', text: `Ran ${summary} without asking: ${name} is allowed always in this conversation.` });
    return { run: step.run };
  }
  const { optionIds } = await pane.ask(permissionCard(step));
  const effect = PERMISSION_OPTIONS.find((option) => optionIds.includes(option.id))?.effect ?? 'deny';
  if (effect === 'allow-always') pane.item({ id: ids.always(story, name), kind: 'notice', text: `Allowed always for ${name} in this conversation.` });
  if (effect !== 'deny') return { run: step.run };
  pane.item({ id: `${story.id}-${step.id}-tool`, kind: 'tool', toolCallId: step.id, name, summary, status: 'denied' });
  return { say: step.denied };
}

const PERMISSION_OPTIONS = [
  { id: 'allow', label: 'Allow', effect: 'allow' },
  { id: 'always', label: 'Allow always', effect: 'allow-always' },
  { id: 'deny', label: 'Deny', effect: 'deny' },
] as const;

/** The card for a permission step: built from the tool and its input, as a real agent's gate builds it. */
export function permissionCard(step: PermissionStep): PermissionAskSpec {
  const { name, input } = step.run;
  return {
    kind: 'permission',
    toolCallId: step.id,
    title: 'Run a command',
    reason: `Allow always lets ${name} run without asking for the rest of this conversation.`,
    tool: { name, input },
    options: PERMISSION_OPTIONS.map((option) => ({ ...option })),
  };
}

/** Runs the tool in a turn of the agent's own (beside the person's, when one is running): its row, then its sentence. */
async function runTool(pane: StoryPane, story: Story, step: Step, run: ToolRun, pace: Pace): Promise<StepEnd> {
  const turn = ownTurn(pane);
  try {
    if (run.starting) pane.item({ id: `${story.id}-${step.id}-starting`, kind: 'reply', text: run.starting });
    const row = { id: `${story.id}-${step.id}-tool`, kind: 'tool', toolCallId: step.id, name: run.name, summary: run.summary } as const;
    pane.item({ ...row, status: 'running' });
    await pace.wait(pace.toolMs, turn?.signal);
    if (!pane.open) return 'stopped';
    if (turn?.signal.aborted) {
      pane.item({ ...row, status: 'failed', output: 'Stopped before it finished.' });
      return stopped(pane, story, step);
    }
    pane.item({ ...row, status: 'done', ...(run.output !== undefined ? { output: run.output } : {}) });
    pane.item({ id: ids.said(story, step), kind: 'reply', text: run.done });
    return 'next';
  } finally {
    turn?.end();
  }
}

/** A turn of the agent's own, so the phone shows it working; none while the person's turn runs. */
function ownTurn(pane: StoryPane): TurnHandle | undefined {
  try {
    return pane.startTurn();
  } catch {
    return undefined;
  }
}

/** A stop (or the pane closing) ends this run of the story; the unfinished step is told again after a restart. */
function stopped(pane: StoryPane, story: Story, step: Step): StepEnd {
  if (pane.open) pane.item({ id: `${story.id}-${step.id}-stopped`, kind: 'notice', text: 'Stopped.' });
  return 'stopped';
}

/** The option ids a choice answer took (none for another kind). */
export const chosen = (answer: Answer): string[] => ('optionIds' in answer ? answer.optionIds : []);

/** A form answer's values (none for another kind). */
export const filled = (answer: Answer): Record<string, string | boolean | string[]> => ('values' in answer ? answer.values : {});

/** A text answer's words (empty for another kind). */
export const typed = (answer: Answer): string => ('text' in answer ? answer.text : '');

/** Words the person typed, on one line and cut (at a word when one ends late enough, else at a whole character), to say back in a sentence. */
export function shorten(text: string, max = 40): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  if (chars.length <= max) return line;
  const cut = chars.slice(0, max - 1).join('');
  const wordEnd = cut.lastIndexOf(' ');
  return `${(wordEnd >= cut.length / 2 ? cut.slice(0, wordEnd) : cut).trimEnd().replace(/[,;:]$/, '')}…`;
}

/** Labels as a sentence reads them: "a", "a and b", "a, b and c". */
export function listed(labels: string[]): string {
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}
