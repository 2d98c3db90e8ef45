/** The desk demo's opening content: every item kind, including text that tries to be HTML. */
import type { ItemSpec } from '../kit';

export const RESEARCH_ITEMS: ItemSpec[] = [
  { id: 'r-user', kind: 'user', text: 'Summarise what we know about the flaky login test.' },
  { id: 'r-thinking', kind: 'thinking', text: 'Looking at the last 20 CI runs…\nThe failures cluster after the cache change.' },
  {
    id: 'r-md',
    kind: 'markdown',
    text: [
      '## Flaky login test',
      '',
      'The test fails **one run in five**, always on the *second* login.',
      '',
      '- The session cookie is set before the redirect',
      '- The cache keeps the old `Set-Cookie` header',
      '  - only behind the CDN',
      '',
      '1. Clear the cache in `beforeEach`',
      '2. Wait for the redirect',
      '',
      '```ts',
      "await page.waitForURL('/home');",
      '```',
      '',
      'See [the CDN docs](https://example.com/cdn#cache) for details.',
    ].join('\n'),
  },
  {
    id: 'r-hostile',
    kind: 'markdown',
    text: [
      '### Things a model might try',
      '',
      '<img src=x onerror="alert(1)"> <script>alert("owned")</script> <b>bold tag</b>',
      '',
      '[click me](javascript:alert(1)) and [plain http](http://example.com) and [safe](https://example.com/ok)',
      '',
      'Direction override: \u202eevil.exe\u202c and zero\u200bwidth\u200dtext.',
    ].join('\n'),
  },
  { id: 'r-reply-hostile', kind: 'reply', text: '<img src=x onerror=alert(1)> is shown as text, not as an image.' },
  {
    id: 'r-code',
    kind: 'code',
    language: 'ts',
    text: 'export function retry<T>(run: () => Promise<T>, times = 3): Promise<T> {\n  return run().catch((err) => (times > 1 ? retry(run, times - 1) : Promise.reject(err)));\n}',
  },
  { id: 'r-link', kind: 'link', url: 'https://playwright.dev/docs/test-retries', title: 'Playwright: test retries' },
  { id: 'r-notice', kind: 'notice', text: 'Context was compacted to 40% of its size.' },
  { id: 'r-reply', kind: 'reply', text: 'Clearing the cache in beforeEach should fix it. Want me to open a PR?' },
];

export const SHELL_ITEMS: ItemSpec[] = [
  { id: 's-user', kind: 'user', text: 'Clean the build and run the tests.' },
  { id: 's-tool-1', kind: 'tool', toolCallId: 'tc-ls', name: 'bash', summary: 'ls build/', status: 'done', output: 'app.js\napp.js.map\nassets/\nindex.html' },
  {
    id: 's-tool-2',
    kind: 'tool',
    toolCallId: 'tc-test',
    name: 'bash',
    summary: 'npm test',
    status: 'failed',
    output: 'FAIL src/login.test.ts\n  ✕ logs in twice (2013 ms)\n\nTests: 1 failed, 41 passed',
  },
  { id: 's-tool-3', kind: 'tool', toolCallId: 'tc-push', name: 'git', summary: 'git push --force', status: 'denied' },
  { id: 's-reply', kind: 'reply', text: 'The build folder is stale. I need your permission to remove it.' },
];
