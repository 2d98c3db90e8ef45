import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Collie's cache of coding agents from npm (`collie acp <preset>`, and the tests that run real
 * agents): each pinned package in a folder of its own, `<cache>/<name>@<version>/`, installed
 * once, so one agent's dependencies never meet another's. The cache is `COLLIE_AGENT_CACHE`, else
 * `$XDG_CACHE_HOME/collie/agents`, else `~/.cache/collie/agents`.
 */
export function agentCache(env: NodeJS.ProcessEnv = process.env): string {
  if (env.COLLIE_AGENT_CACHE) return env.COLLIE_AGENT_CACHE;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'collie', 'agents');
}

export interface NpmAgent {
  name: string;
  version: string;
  bin: string;
}

/** Where the package's program is once installed. */
export const agentBin = (agent: NpmAgent, cache: string) => join(cache, `${agent.name.replace('/', '+')}@${agent.version}`, 'node_modules', '.bin', agent.bin);

/**
 * The program's path, installing the package first when it is not there: into a temporary
 * folder, renamed into place when npm is done, so a run stopped halfway leaves nothing half there.
 * `said` hears one line before an install starts.
 */
export async function ensureAgent(agent: NpmAgent, cache: string, said: (line: string) => void = () => {}): Promise<string> {
  const bin = agentBin(agent, cache);
  if (existsSync(bin)) return bin;
  const folder = join(cache, `${agent.name.replace('/', '+')}@${agent.version}`);
  const temp = `${folder}.installing-${process.pid}`;
  await mkdir(temp, { recursive: true });
  said(`installing ${agent.name}@${agent.version} into ${folder} (once)`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const code = await new Promise<number>((resolve) => {
    const child = spawn(npm, ['install', '--prefix', temp, '--no-audit', '--no-fund', '--no-save', '--loglevel', 'error', `${agent.name}@${agent.version}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err = (err + c.toString('utf8')).slice(-2000)));
    child.on('error', () => resolve(127));
    child.on('exit', (exit) => {
      if (exit !== 0 && err.trim()) said(err.trim().split('\n').slice(-3).join(' '));
      resolve(exit ?? 1);
    });
  });
  if (code !== 0) {
    await rm(temp, { recursive: true, force: true });
    throw new Error(`npm could not install ${agent.name}@${agent.version} (exit ${code})`);
  }
  await rm(folder, { recursive: true, force: true });
  await rename(temp, folder);
  return bin;
}
