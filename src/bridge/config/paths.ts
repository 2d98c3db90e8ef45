import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where the bridge reads its configuration and keeps its state. */
export interface BridgePaths {
  configDir: string;
  stateDir: string;
}

export function bridgePaths(env: NodeJS.ProcessEnv = process.env): BridgePaths {
  return {
    configDir: env.COLLIE_CONFIG_DIR || join(homedir(), '.config', 'collie'),
    stateDir: env.COLLIE_STATE_DIR || join(homedir(), '.local', 'state', 'collie'),
  };
}
