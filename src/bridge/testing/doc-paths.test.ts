import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { missingPaths, treePaths } from './doc-paths';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** The guides a newcomer follows file by file. */
const GUIDES = ['CONTRIBUTING.md', 'docs/README.md', 'docs/performance.md'];

describe('the paths the guides name', () => {
  const tree = treePaths(ROOT);

  it.each(GUIDES)('%s names only paths that exist', (guide) => {
    expect(missingPaths(readFileSync(join(ROOT, guide), 'utf8'), tree)).toEqual([]);
  });

  it('a moved file, a missing folder or a glob that matches nothing is named; tails, globs, placeholders and build output pass', () => {
    const tree = ['src/', 'src/bridge/', 'src/bridge/acts/', 'src/bridge/acts/act-runner.ts', 'locales/', 'locales/en.json', 'src/bridge/conformance/shape-items.ts'];
    const guide = [
      '`acts/act-runner.ts`, `src/bridge/acts/`, `shape-*.ts`, `locales/<code>.json`, `dist/node/`, `npm test`, `/api/agents`, `@scope/name`, `../../`',
      '`src/bridge/acts/ledger.ts`, `src/bridge/crew/`, `rules-*.ts`, `act-runner.test.ts`',
    ].join('\n');
    expect(missingPaths(guide, tree)).toEqual(['src/bridge/acts/ledger.ts', 'src/bridge/crew/', 'rules-*.ts', 'act-runner.test.ts']);
  });
});
