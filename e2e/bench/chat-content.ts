/**
 * The items the chat benchmarks fill a pane with. `plain` is the short text chat bench:chat has
 * measured since issue #13 (kept, so its figures compare); `mixed` is what a real agent's chat
 * holds: markdown (headings, lists, inline code, links), fenced code blocks, code items, tool
 * calls with output, links, thinking and notices, in a repeating pattern of ten. `code` is a coding
 * agent's chat with much to read before Allow: in every 40 items four code blocks (a code item or
 * a fenced block in a reply, each naming a language) and one edit as a unified diff (a code item,
 * a fenced ```diff or a file tool's output, in turn), the rest the mixed pattern without code: 200
 * code blocks and 50 diffs in 2000 items.
 */
import type { ItemSpec } from '../../src/agent/handles';

export type Content = 'plain' | 'mixed' | 'code';

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

/** The mixed pattern's items that hold no code (a user's line, thinking, a tool call, a reply, a link, a notice, a list). */
const PROSE = [0, 1, 2, 5, 6, 7, 8, 9].map((k) => MIXED[k]!);

const snippet = (i: number) =>
  `def retry_${i}(run, times=3):\n    for attempt in range(times):\n        try:\n            return run()\n        except TimeoutError:\n            if attempt == times - 1:\n                raise`;

/** A unified diff of one file, with a hunk header giving line numbers. */
const diffOf = (i: number) =>
  [
    `--- a/src/login-${i}.ts`,
    `+++ b/src/login-${i}.ts`,
    `@@ -${10 + (i % 30)},6 +${10 + (i % 30)},7 @@ export async function logIn(page: Page) {`,
    "   await page.goto('/login');",
    "   await page.fill('#user', USER);",
    "-  await page.click('button[type=submit]');",
    '+  await page.context().clearCookies();',
    "+  await Promise.all([page.waitForURL('/home'), page.click('button[type=submit]')]);",
    '   return page;',
    ' }',
  ].join('\n');

const CODE_EVERY = 10;
const CODE_PATTERN = 40;
function codeItem(i: number): ItemSpec {
  const k = (i - 1) % CODE_PATTERN;
  if (k === 19) {
    const turn = Math.floor((i - 1) / CODE_PATTERN) % 3;
    if (turn === 0) return { id: `i${i}`, kind: 'code', language: 'diff', text: diffOf(i) };
    if (turn === 1) return { id: `i${i}`, kind: 'markdown', text: `The fix (${i}):\n\n\`\`\`diff\n${diffOf(i)}\n\`\`\`` };
    return { id: `i${i}`, kind: 'tool', toolCallId: `tc${i}`, name: 'edit', summary: `src/login-${i}.ts`, status: 'done', output: diffOf(i) };
  }
  if (k % CODE_EVERY === 4) {
    return k % 20 === 4
      ? { id: `i${i}`, kind: 'code', language: 'python', text: snippet(i) }
      : { id: `i${i}`, kind: 'markdown', text: `Here is the retry (${i}):\n\n\`\`\`ts\nexport const retry${i} = (run: () => Promise<void>) => run().catch(() => run());\n\`\`\`` };
  }
  return PROSE[k % PROSE.length]!(i);
}

/** Item `i` (1-based) of a chat of this content. */
export const itemOf = (content: Content, i: number): ItemSpec => (content === 'plain' ? plain(i) : content === 'code' ? codeItem(i) : MIXED[(i - 1) % MIXED.length]!(i));

/**
 * The chat's newest item, a reply with text no other row holds: the benchmarks wait for the row
 * that shows it, never for a count of rows (a windowed chat draws only rows near the viewport).
 */
export const newestOf = (pane: string): ItemSpec => ({ id: 'newest', kind: 'reply', text: `Newest item of ${pane}.` });
