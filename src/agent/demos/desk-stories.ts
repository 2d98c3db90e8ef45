/**
 * What the desk demo's conversations go on to do after the person answers: one story a pane,
 * each step a question (or a tool that needs permission), then the tool and a sentence.
 */
import type { Option } from '../kit';
import { chosen, filled, listed, shorten, typed, type Story } from './story';

const YES_NO: Option[] = [
  { id: 'yes', label: 'Yes' },
  { id: 'no', label: 'No' },
];

/** Ten minutes for every timed question of the demo: a pipeline would wait so long, and a new person reads the README first. */
export const QUESTION_WAIT_SECONDS = 600;

/** Ops → Shell: clean the build, build again, test; bash asks each time unless allowed always. */
export const SHELL_STORY: Story = {
  id: 'shell',
  steps: [
    {
      id: 'rm',
      kind: 'permission',
      run: { name: 'bash', summary: 'rm -rf build/', input: { command: 'rm -rf build/' }, output: 'removed 14 files', done: 'Removed build/ — 14 files.' },
      denied: "Okay, I won't delete build/.",
    },
    {
      id: 'build',
      kind: 'permission',
      run: {
        name: 'bash',
        summary: 'npm run build',
        input: { command: 'npm run build' },
        output: 'vite building for production…\n✓ 14 files written to build/',
        done: 'Built the app again: 14 fresh files in build/.',
      },
      denied: "Okay, I won't build it.",
    },
    {
      id: 'test',
      kind: 'permission',
      run: { name: 'bash', summary: 'npm test', input: { command: 'npm test' }, output: 'Tests: 42 passed', done: 'All 42 tests pass now, the login test too.' },
      denied: "Okay, I won't run the tests. The build is ready when you are.",
    },
  ],
};

/** A deploy to one place: its tool and its two sentences. */
const deployTo = (place: string, live: string) => ({
  run: { name: 'deploy', summary: `deploy 1.4.0 --to ${place}`, starting: `Deploying 1.4.0 to ${place}…`, output: '3 of 3 instances healthy', done: live },
});

/** Projects → Deploy: staging first, then production; a No ends it. */
export const DEPLOY_STORY: Story = {
  id: 'deploy',
  steps: [
    {
      id: 'staging',
      kind: 'question',
      ask: { kind: 'choice', title: 'Deploy to staging?', reason: 'The tests passed on main.', multiple: false, options: YES_NO, expiresInSeconds: QUESTION_WAIT_SECONDS },
      then: (answer) => (chosen(answer).includes('yes') ? deployTo('staging', 'Staging is live.') : { say: "Okay, I won't deploy: staging stays on 1.3.2.", end: true }),
      unanswered: { say: 'No answer in ten minutes, so staging stays on 1.3.2.', end: true },
    },
    {
      id: 'production',
      kind: 'question',
      ask: {
        kind: 'choice',
        title: 'Deploy 1.4.0 to production?',
        reason: 'Staging has been healthy since the deploy.',
        multiple: false,
        options: YES_NO,
        expiresInSeconds: QUESTION_WAIT_SECONDS,
      },
      then: (answer) =>
        chosen(answer).includes('yes') ? deployTo('production', 'Production is live: 1.4.0 is out.') : { say: 'Okay, production stays on 1.3.2 for now.', end: true },
      unanswered: { say: 'No answer in ten minutes, so production stays on 1.3.2.', end: true },
    },
  ],
};

const FIXES: Option[] = [
  { id: 'cache', label: 'Clear the cache' },
  { id: 'wait', label: 'Wait for the redirect' },
  { id: 'retry', label: 'Retry the test' },
];

/** Projects → Research: the fixes the person picks go into a pull request. */
export const RESEARCH_STORY: Story = {
  id: 'research',
  steps: [
    {
      id: 'pr',
      kind: 'question',
      ask: { kind: 'choice', title: 'Which fixes should the PR hold?', multiple: true, min: 1, options: FIXES },
      then: (answer) => {
        const picked = FIXES.filter((fix) => chosen(answer).includes(fix.id)).map((fix) => fix.label.toLowerCase());
        return {
          run: {
            name: 'gh',
            summary: 'gh pr create --title "Fix the flaky login test"',
            starting: `Opening a pull request to ${listed(picked)}.`,
            output: 'https://github.com/example/web/pull/128',
            done: 'Pull request #128 is open.',
          },
        };
      },
      unanswered: { say: 'No fixes picked, so no pull request.', end: true },
    },
  ],
};

const CHANNELS: Option[] = [
  { id: 'stable', label: 'Stable' },
  { id: 'beta', label: 'Beta' },
];

/** Ops → Release: the form's answers make the release. */
export const RELEASE_STORY: Story = {
  id: 'release',
  steps: [
    {
      id: 'details',
      kind: 'question',
      ask: {
        kind: 'form',
        title: 'Release details',
        fields: [
          { id: 'version', label: 'Version', type: 'text', required: true },
          { id: 'notify', label: 'Notify the team', type: 'toggle', required: false },
          { id: 'channel', label: 'Channel', type: 'choice', required: true, options: CHANNELS },
        ],
      },
      then: (answer) => {
        const values = filled(answer);
        const version = shorten(typeof values.version === 'string' ? values.version : '', 24);
        const picked = Array.isArray(values.channel) ? values.channel : [];
        const channel = CHANNELS.find((c) => picked.includes(c.id)) ?? CHANNELS[0]!;
        const notify = values.notify === true;
        const place = `the ${channel.label.toLowerCase()} channel`;
        return {
          run: {
            name: 'release',
            summary: `release ${version} --channel ${channel.id}${notify ? ' --notify' : ''}`,
            starting: notify ? `Releasing ${version} on ${place}, and I'll tell the team.` : `Releasing ${version} on ${place}.`,
            output: `tagged ${version}\nchangelog written`,
            done: notify ? `${version} is out on ${place}, and the team knows.` : `${version} is out on ${place}.`,
          },
        };
      },
      unanswered: { say: 'No release details came, so nothing was released.', end: true },
    },
  ],
};

/** Ops → Notes: the name the person types becomes the new server's. */
export const NOTES_STORY: Story = {
  id: 'notes',
  steps: [
    {
      id: 'name',
      kind: 'question',
      ask: { kind: 'text', title: 'Name the new server', placeholder: 'e.g. web-3', expiresInSeconds: QUESTION_WAIT_SECONDS },
      then: (answer) => {
        const name = shorten(typed(answer), 32);
        if (!name) return { say: "No name given, so I'll leave the new server for later.", end: true };
        return {
          run: {
            name: 'provision',
            summary: `provision ${name}`,
            starting: `Setting up a server named “${name}”.`,
            output: '1 server ready',
            done: `“${name}” is up and running.`,
          },
        };
      },
      unanswered: { say: "No name came in two minutes, so I'll leave the new server for later.", end: true },
    },
  ],
};
