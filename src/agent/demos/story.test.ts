import { describe, expect, it } from 'vitest';
import { AskClosedError, type Answer, type AskSpec, type ItemSpec, type TurnHandle } from '../kit';
import { DEPLOY_STORY, NOTES_STORY, RELEASE_STORY, RESEARCH_STORY, SHELL_STORY } from './desk-stories';
import { listed, shorten, tellStory, type Pace, type Story, type StoryPane } from './story';

/** An ask the story raised, for the test to answer or close. */
interface RaisedAsk {
  spec: AskSpec;
  answer(answer: Answer): void;
  close(decidedBy: 'program' | 'timeout'): void;
}

/**
 * A pane as the story sees it, kept in memory: its items by id in the order first written, the
 * asks raised (at most one open at a time, as the kit refuses a second of the same tool call),
 * and the turns it ran. `kept` items stand for what an earlier run left in the data folder.
 */
function fakePane(kept: string[] = []) {
  const items = new Map<string, ItemSpec>(kept.map((id) => [id, { id, kind: 'notice', text: 'kept' }]));
  const raised: RaisedAsk[] = [];
  const open = new Set<string>();
  const waiting: ((ask: RaisedAsk) => void)[] = [];
  const unclaimed: RaisedAsk[] = [];
  const turns: { controller: AbortController; ended: boolean }[] = [];
  let turnRunning = false;
  const pane: StoryPane = {
    open: true,
    hasItem: (id) => items.has(id),
    item: (spec) => void items.set(spec.id, spec),
    ask: ((spec: AskSpec) => {
      if (open.has(spec.toolCallId)) return Promise.reject(new Error(`an ask for tool call ${spec.toolCallId} is already open`));
      open.add(spec.toolCallId);
      return new Promise<Answer>((resolve, reject) => {
        const ask: RaisedAsk = {
          spec,
          answer: (answer) => (open.delete(spec.toolCallId), resolve(answer)),
          close: (decidedBy) => (open.delete(spec.toolCallId), reject(new AskClosedError(decidedBy))),
        };
        raised.push(ask);
        const waiter = waiting.shift();
        if (waiter) waiter(ask);
        else unclaimed.push(ask);
      });
    }) as StoryPane['ask'],
    startTurn(): TurnHandle {
      if (turnRunning) throw new Error('a turn is already running in this pane');
      turnRunning = true;
      const turn = { controller: new AbortController(), ended: false };
      turns.push(turn);
      return {
        id: `t-${turns.length}`,
        signal: turn.controller.signal,
        onSteer: () => {},
        end: () => {
          turn.ended = true;
          turnRunning = false;
        },
      };
    },
  };
  return {
    pane,
    items,
    raised,
    turns,
    /** Resolves with the next ask the story raises (at once if one is already waiting unanswered). */
    nextAsk: (): Promise<RaisedAsk> => new Promise((resolve) => (unclaimed.length > 0 ? resolve(unclaimed.shift()!) : waiting.push(resolve))),
    /** The chat as a person reads it: each item's kind and words, in order. */
    chat: () =>
      [...items.values()].map((item) => ('text' in item ? `${item.kind}: ${item.text}` : item.kind === 'tool' ? `tool ${item.name} ${item.summary} ${item.status}` : item.kind)),
    /** A person taking the turn before the story does (a text of theirs runs). */
    personTurn: () => (turnRunning = true),
  };
}

/** A pace that never waits, and remembers what it was asked to wait for. */
function instantPace(): Pace & { waits: { ms: number; signal: boolean }[] } {
  const waits: { ms: number; signal: boolean }[] = [];
  return {
    toolMs: 1500,
    nextMs: 2500,
    waits,
    wait: (ms, signal) => {
      waits.push({ ms, signal: signal !== undefined });
      return Promise.resolve();
    },
  };
}

describe('the shell story', () => {
  it('after Allow always runs the tool, says what happened, and runs every later bash step without a card', async () => {
    const fake = fakePane();
    const pace = instantPace();
    const told = tellStory(fake.pane, SHELL_STORY, pace);
    const first = await fake.nextAsk();
    expect(first.spec).toMatchObject({ kind: 'permission', toolCallId: 'rm', tool: { name: 'bash', input: { command: 'rm -rf build/' } } });
    first.answer({ optionIds: ['always'] });
    await told;

    expect(fake.raised).toHaveLength(1);
    expect(fake.chat()).toEqual([
      'notice: Allowed always for bash in this conversation.',
      'tool bash rm -rf build/ done',
      'reply: Removed build/ — 14 files.',
      'notice: Ran npm run build without asking: bash is allowed always in this conversation.',
      'tool bash npm run build done',
      'reply: Built the app again: 14 fresh files in build/.',
      'notice: Ran npm test without asking: bash is allowed always in this conversation.',
      'tool bash npm test done',
      'reply: All 42 tests pass now, the login test too.',
    ]);
    // Each tool ran in a turn of the agent's own, ended before the next step; the tool's wait could be stopped.
    expect(fake.turns.map((t) => t.ended)).toEqual([true, true, true]);
    expect(pace.waits).toEqual([
      { ms: 1500, signal: true },
      { ms: 2500, signal: false },
      { ms: 1500, signal: true },
      { ms: 2500, signal: false },
      { ms: 1500, signal: true },
    ]);
  });

  it('after Allow asks for the next command on a new card, never the same one again', async () => {
    const fake = fakePane();
    const told = tellStory(fake.pane, SHELL_STORY, instantPace());
    for (const command of ['rm -rf build/', 'npm run build', 'npm test']) {
      const ask = await fake.nextAsk();
      expect(ask.spec).toMatchObject({ tool: { input: { command } } });
      ask.answer({ optionIds: ['allow'] });
    }
    await told;
    expect(fake.raised.map((a) => a.spec.toolCallId)).toEqual(['rm', 'build', 'test']);
    expect(fake.chat()).not.toContain('notice: Allowed always for bash in this conversation.');
    expect(fake.chat().at(-1)).toBe('reply: All 42 tests pass now, the login test too.');
  });

  it('after Deny says it in a sentence, shows the tool as denied, and goes on to the next step', async () => {
    const fake = fakePane();
    const told = tellStory(fake.pane, SHELL_STORY, instantPace());
    (await fake.nextAsk()).answer({ optionIds: ['deny'] });
    const next = await fake.nextAsk();
    expect(fake.chat()).toEqual(['tool bash rm -rf build/ denied', "reply: Okay, I won't delete build/."]);
    expect(next.spec.toolCallId).toBe('build');
    next.close('program');
    await told;
    expect(fake.chat().at(-1)).toBe('notice: Stopped.');
    expect(fake.raised).toHaveLength(2);
  });

  it('after a restart picks up where it left off: done steps are not told again, Allow always still holds', async () => {
    const fake = fakePane(['shell-rm-said', 'shell-always-bash']);
    await tellStory(fake.pane, SHELL_STORY, instantPace());
    expect(fake.raised).toHaveLength(0);
    expect(fake.chat().filter((line) => line.startsWith('reply'))).toEqual([
      'reply: Built the app again: 14 fresh files in build/.',
      'reply: All 42 tests pass now, the login test too.',
    ]);
  });

  it('stopped while the tool runs: the row says it failed, a notice says stopped, no next step comes', async () => {
    const fake = fakePane();
    const pace = instantPace();
    pace.wait = (ms, signal) => {
      // The person taps Stop as the tool starts: the kit aborts the turn's signal.
      if (signal) fake.turns.at(-1)!.controller.abort();
      return Promise.resolve();
    };
    const told = tellStory(fake.pane, SHELL_STORY, pace);
    (await fake.nextAsk()).answer({ optionIds: ['allow'] });
    await told;
    expect(fake.chat()).toEqual(['tool bash rm -rf build/ failed', 'notice: Stopped.']);
    expect(fake.raised).toHaveLength(1);
  });

  it('runs beside the person’s own turn when one is running (no second turn)', async () => {
    const fake = fakePane();
    fake.personTurn();
    const told = tellStory(fake.pane, SHELL_STORY, instantPace());
    (await fake.nextAsk()).answer({ optionIds: ['always'] });
    await told;
    expect(fake.turns).toHaveLength(0);
    expect(fake.chat().at(-1)).toBe('reply: All 42 tests pass now, the login test too.');
  });
});

describe('the deploy story', () => {
  it('Yes deploys to staging with a sentence before and after, then asks about production; No ends it', async () => {
    const fake = fakePane();
    const told = tellStory(fake.pane, DEPLOY_STORY, instantPace());
    (await fake.nextAsk()).answer({ optionIds: ['yes'] });
    const production = await fake.nextAsk();
    expect(production.spec.title).toBe('Deploy 1.4.0 to production?');
    production.answer({ optionIds: ['no'] });
    await told;
    expect(fake.chat()).toEqual([
      'reply: Deploying 1.4.0 to staging…',
      'tool deploy deploy 1.4.0 --to staging done',
      'reply: Staging is live.',
      'reply: Okay, production stays on 1.3.2 for now.',
    ]);
    // The story is over: a restart tells nothing more.
    const again = fakePane([...fake.items.keys()]);
    await tellStory(again.pane, DEPLOY_STORY, instantPace());
    expect(again.raised).toHaveLength(0);
  });

  it('a question whose time ran out says so and ends the story', async () => {
    const fake = fakePane();
    const told = tellStory(fake.pane, DEPLOY_STORY, instantPace());
    (await fake.nextAsk()).close('timeout');
    await told;
    expect(fake.chat()).toEqual(['reply: No answer in ten minutes, so staging stays on 1.3.2.']);
  });
});

describe('answers said back in sentences', () => {
  it('a typed name is said back shortened, on one line; an empty one is not', async () => {
    const fake = fakePane();
    const told = tellStory(fake.pane, NOTES_STORY, instantPace());
    (await fake.nextAsk()).answer({ text: '  web-3\n  in the   Frankfurt region, near the database and the cache  ' });
    await told;
    const replies = fake.chat().filter((line) => line.startsWith('reply'));
    expect(replies).toEqual(['reply: Setting up a server named “web-3 in the Frankfurt region…”.', 'reply: “web-3 in the Frankfurt region…” is up and running.']);

    const blank = fakePane();
    const blankTold = tellStory(blank.pane, NOTES_STORY, instantPace());
    (await blank.nextAsk()).answer({ text: '   ' });
    await blankTold;
    expect(blank.chat()).toEqual(["reply: No name given, so I'll leave the new server for later."]);
  });

  it('a form is said back with its version, channel and whether the team hears of it', async () => {
    const fake = fakePane();
    const told = tellStory(fake.pane, RELEASE_STORY, instantPace());
    (await fake.nextAsk()).answer({ values: { version: '1.4.0', notify: true, channel: ['beta'] } });
    await told;
    expect(fake.chat()).toEqual([
      "reply: Releasing 1.4.0 on the beta channel, and I'll tell the team.",
      'tool release release 1.4.0 --channel beta --notify done',
      'reply: 1.4.0 is out on the beta channel, and the team knows.',
    ]);
  });

  it('the fixes picked are named in the sentence, in their order', async () => {
    const fake = fakePane();
    const told = tellStory(fake.pane, RESEARCH_STORY, instantPace());
    (await fake.nextAsk()).answer({ optionIds: ['retry', 'cache'] });
    await told;
    expect(fake.chat()[0]).toBe('reply: Opening a pull request to clear the cache and retry the test.');
  });

  it('no story ever says JSON back, whatever is answered', async () => {
    const answers: Record<string, Answer[]> = {
      shell: [{ optionIds: ['allow'] }, { optionIds: ['always'] }, { optionIds: ['deny'] }],
      deploy: [{ optionIds: ['yes'] }, { optionIds: ['no'] }],
      research: [{ optionIds: ['cache', 'wait', 'retry'] }],
      release: [{ values: { version: '1.5.0-rc.1', notify: false, channel: ['stable'] } }],
      notes: [{ text: 'web-3' }],
    };
    const stories: Story[] = [SHELL_STORY, DEPLOY_STORY, RESEARCH_STORY, RELEASE_STORY, NOTES_STORY];
    for (const story of stories) {
      const fake = fakePane();
      const told = tellStory(fake.pane, story, instantPace());
      let done = false;
      void told.then(() => (done = true));
      for (const answer of answers[story.id]!) {
        const ask = await Promise.race([fake.nextAsk(), told.then(() => null)]);
        if (!ask || done) break;
        ask.answer(answer);
      }
      await told;
      const said = [...fake.items.values()].flatMap((item) => ('text' in item && item.kind !== 'user' ? [item.text] : []));
      expect(said.length, story.id).toBeGreaterThan(0);
      for (const text of said) {
        expect(text, story.id).not.toMatch(/optionIds|"values"|"text"|^\{|\}$/);
        expect(text, story.id).toMatch(/[.…!?”]$/);
      }
    }
  });
});

describe('sentence helpers', () => {
  it('lists labels as a sentence does', () => {
    expect([listed([]), listed(['a']), listed(['a', 'b']), listed(['a', 'b', 'c'])]).toEqual(['', 'a', 'a and b', 'a, b and c']);
  });

  it('cuts at a whole character and marks the cut', () => {
    expect(shorten('short')).toBe('short');
    expect(shorten('😀'.repeat(50), 5)).toBe('😀😀😀😀…');
    expect(shorten(' a \n b ')).toBe('a b');
    // At a word when one ends in the second half; a long word is cut inside.
    expect(shorten('web-3 in the Frankfurt region near the database', 32)).toBe('web-3 in the Frankfurt region…');
    expect(shorten('a supercalifragilisticexpialidocious-name', 20)).toBe('a supercalifragilis…');
  });
});
