/**
 * Test helper: a command run as from the person's own terminal, outside this process's tree. A
 * test whose own process also runs a durable agent (the kit, in-process) is that agent's process,
 * and the control socket rightly refuses a change asked by a process an agent started
 * (docs/bridge.md §10). A shell that starts the command in the background and exits at once
 * leaves it with no parent here (it is re-parented to init, or the nearest subreaper above), as a
 * command typed in another terminal has none. Its output still comes back on the pipes, and its
 * exit code on a last line the helper takes off.
 */
import { spawn } from 'node:child_process';

export interface PersonRun {
  code: number;
  stdout: string;
  stderr: string;
}

const EXIT = /collie-test-exit:(\d+)\n$/;

export function runAsPerson(argv: string[], env: NodeJS.ProcessEnv = {}, timeoutMs = 30_000): Promise<PersonRun> {
  return new Promise((resolve, reject) => {
    const shell = spawn('sh', ['-c', '( "$@"; echo "collie-test-exit:$?" ) &', 'sh', ...argv], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    shell.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    shell.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => reject(new Error(`${argv.join(' ')} did not end within ${timeoutMs} ms:\n${stdout}${stderr}`)), timeoutMs);
    // The pipes close when the command (which holds them after the shell is gone) ends.
    let open = 2;
    const closed = () => {
      if (--open > 0) return;
      clearTimeout(timer);
      const code = EXIT.exec(stdout);
      if (!code) return reject(new Error(`${argv.join(' ')} ended without its exit code:\n${stdout}${stderr}`));
      resolve({ code: Number(code[1]), stdout: stdout.slice(0, code.index), stderr });
    };
    shell.stdout.on('close', closed);
    shell.stderr.on('close', closed);
  });
}
