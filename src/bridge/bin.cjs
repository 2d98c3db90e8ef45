#!/usr/bin/env node
// The `collie` command. CommonJS on purpose: Node reaches a CommonJS file's first line sooner than
// an ES module's (figures: docs/performance.md), so the command lines answered by words alone
// (`collie help`, `--version`, a mistyped command) are answered by dist/node/collie-words.cjs
// without ever starting the ES module loader. Every other command runs the CLI as compiled at
// build time (dist/node/collie.mjs), which reads its arguments through the same function.
'use strict';
const { ensureBuilt, requireBuilt, launch } = require('../agent/package/launch.cjs');

void (async () => {
  await ensureBuilt(['collie-words.cjs']);
  const { readCommandLine } = requireBuilt('collie-words.cjs');
  const line = readCommandLine(process.argv.slice(2), { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) });
  if ('exitCode' in line) process.exitCode = line.exitCode;
  else await launch('collie');
})();
