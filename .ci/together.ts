// Runs npm scripts side by side (`tsx .ci/together.ts check format:check build`): each one's output is
// printed whole when it ends, with its time, so two cores work at once and the log still reads in
// order. Exits 1 when any of them failed, after all have ended (every failure is shown at once).
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: tsx .ci/together.ts SCRIPT…');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const runs = scripts.map(
  (script) =>
    new Promise<boolean>((done) => {
      const started = Date.now();
      let output = '';
      const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      child.on('close', (code) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        process.stdout.write(`${output}${output && !output.endsWith('\n') ? '\n' : ''}[${script}] ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s\n`);
        done(code === 0);
      });
    }),
);
const passed = await Promise.all(runs);
process.exit(passed.every(Boolean) ? 0 : 1);
