/**
 * The items the chat benchmarks fill a pane with. `plain` is the short text chat bench:chat has
 * measured since issue #13 (kept, so its figures compare); `mixed` is what a real agent's chat
 * holds: markdown (headings, lists, inline code, links), fenced code blocks, code items, tool
 * calls with output, links, thinking and notices, in a repeating pattern of ten.
 */
import type { ItemSpec } from '../../src/agent/handles';

export type Content = 'plain' | 'mixed';

const plain = (i: number): ItemSpec => ({
  id: `i${i}`,
  kind: i % 3 ? 'reply' : 'user',
  text: `Message ${i}: the build passed on main; deploying staging next (step ${i % 7} of 7).`,
});

const markdown = (i: number) =>
  [
    `### Step ${i}: what changed`,
    '',
    `The login test failed **one run in five** after commit \`a${i}f3\`; see [the run](https://example.com/runs/${i}).`,
    '',
    '- the session cookie is set before the redirect',
    '- the cache keeps the old `Set-Cookie` header',
    '',
    '```ts',
    `await page.waitForURL('/home'); // run ${i}`,
    'expect(await page.title()).toBe("Home");',
    '```',
  ].join('\n');

const MIXED: ((i: number) => ItemSpec)[] = [
  (i) => ({ id: `i${i}`, kind: 'user', text: `Run the login tests again (${i}).` }),
  (i) => ({ id: `i${i}`, kind: 'thinking', text: `Looking at the last CI runs…\nThe failures cluster after the cache change (${i}).` }),
  (i) => ({
    id: `i${i}`,
    kind: 'tool',
    toolCallId: `tc${i}`,
    name: 'bash',
    summary: 'npm test -- login',
    status: 'done',
    output: `PASS src/login.test.ts\n  ✓ logs in (${i % 90} ms)\n\nTests: 42 passed`,
  }),
  (i) => ({ id: `i${i}`, kind: 'markdown', text: markdown(i) }),
  (i) => ({
    id: `i${i}`,
    kind: 'code',
    language: 'ts',
    text: `export function retry${i}<T>(run: () => Promise<T>, times = 3): Promise<T> {\n  return run().catch((err) => (times > 1 ? retry${i}(run, times - 1) : Promise.reject(err)));\n}`,
  }),
  (i) => ({ id: `i${i}`, kind: 'reply', text: `Clearing the cache in beforeEach should fix it (${i}). Want me to open a PR?` }),
  (i) => ({
    id: `i${i}`,
    kind: 'tool',
    toolCallId: `tc${i}`,
    name: 'git',
    summary: 'git push origin fix/login',
    status: 'failed',
    output: `error: failed to push some refs (${i})`,
  }),
  (i) => ({ id: `i${i}`, kind: 'link', url: `https://example.com/docs/retries#${i}`, title: `Test retries, part ${i}` }),
  (i) => ({ id: `i${i}`, kind: 'notice', text: `Context was compacted to 40% of its size (${i}).` }),
  (i) => ({ id: `i${i}`, kind: 'markdown', text: `1. Clear the cache\n2. Wait for the redirect\n3. Run it **${(i % 5) + 1}** times\n\n> Flaky tests are bugs too.` }),
];

/** Item `i` (1-based) of a chat of this content. */
export const itemOf = (content: Content, i: number): ItemSpec => (content === 'plain' ? plain(i) : MIXED[(i - 1) % MIXED.length]!(i));

/**
 * The chat's newest item, a reply with text no other row holds: the benchmarks wait for the row
 * that shows it, never for a count of rows (a windowed chat draws only rows near the viewport).
 */
export const newestOf = (pane: string): ItemSpec => ({ id: 'newest', kind: 'reply', text: `Newest item of ${pane}.` });
