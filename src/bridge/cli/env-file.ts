import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tightenFile } from '../fs/private-file';

/**
 * The config folder's `.env` (docs/bridge.md §1): `COLLIE_…=value` lines for an instance that runs
 * one durable agent from its environment. The process's own environment wins over the file.
 * The file may hold a token, so it is kept at 0600 like sources.json.
 */
export async function loadBridgeEnv(configDir: string, env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<NodeJS.ProcessEnv> {
  const file = join(configDir, '.env');
  const text = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (text === null) return env;
  await tightenFile(file, log);
  return { ...parseEnvText(text), ...env };
}

/** `KEY=value` lines; `#` comments, blank lines and an `export ` prefix allowed; only COLLIE_ keys. */
export function parseEnvText(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?(COLLIE_[A-Z0-9_]+)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    let value = match[2]!;
    const quoted = /^(["'])(.*)\1$/.exec(value);
    value = quoted ? quoted[2]! : value.replace(/\s+#.*$/, '');
    out[match[1]!] = value;
  }
  return out;
}
