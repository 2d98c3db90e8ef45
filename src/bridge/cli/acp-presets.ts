/**
 * The coding agents `collie acp <preset>` runs, each by the Agent Client Protocol: the npm package
 * and version it installs (once, into Collie's tool cache), the program and arguments that speak
 * ACP on stdio, and where the agent's own login or key comes from. Collie never sees a model key:
 * each agent reads its own. The README's "Supervise any coding agent" lists this table.
 */
export interface AcpPreset {
  /** The agent's name, as a person knows it. */
  label: string;
  /** The npm package that holds it, pinned; absent for an agent the person installs themselves. */
  npm?: { name: string; version: string; bin: string };
  /** The program when it is not from npm (on the PATH). */
  command?: string;
  args: string[];
  /** Where its login comes from, as the phone says it when a session needs one. */
  login: string;
}

export const ACP_PRESETS = {
  claude: {
    label: 'Claude Code',
    // 0.49.0: the last that runs on Node 20, and the first we found whose next prompt after a stop is
    // answered in its own turn (0.23.1 stays a turn behind from then on).
    npm: { name: '@agentclientprotocol/claude-agent-acp', version: '0.49.0', bin: 'claude-agent-acp' },
    args: [],
    login: 'run claude once on the computer to log in (or set ANTHROPIC_API_KEY)',
  },
  codex: {
    label: 'Codex',
    npm: { name: '@zed-industries/codex-acp', version: '0.16.0', bin: 'codex-acp' },
    args: [],
    login: 'run codex login once on the computer (or set OPENAI_API_KEY)',
  },
  gemini: {
    label: 'Gemini CLI',
    npm: { name: '@google/gemini-cli', version: '0.61.0', bin: 'gemini' },
    args: ['--acp'],
    login: 'run gemini once on the computer to log in (or set GEMINI_API_KEY)',
  },
  opencode: {
    label: 'OpenCode',
    npm: { name: 'opencode-ai', version: '1.18.33', bin: 'opencode' },
    args: ['acp'],
    login: 'run opencode auth login once on the computer',
  },
  copilot: {
    label: 'GitHub Copilot CLI',
    npm: { name: '@github/copilot', version: '1.0.102', bin: 'copilot' },
    args: ['--acp', '--no-auto-update'],
    login: 'run copilot once on the computer and /login',
  },
  qwen: {
    label: 'Qwen Code',
    npm: { name: '@qwen-code/qwen-code', version: '0.24.4', bin: 'qwen' },
    // Without it Qwen Code starts in its "auto" mode and writes without asking.
    args: ['--acp', '--approval-mode', 'default'],
    login: 'run qwen once on the computer to log in',
  },
  goose: {
    label: 'Goose',
    command: 'goose',
    args: ['acp'],
    login: 'run goose configure once on the computer',
  },
  pi: {
    label: 'Pi (through pi-acp; needs Node 22.19 or newer and @earendil-works/pi-coding-agent)',
    npm: { name: 'pi-acp', version: '0.0.34', bin: 'pi-acp' },
    args: [],
    login: "Pi's own: run pi and /login once on the computer (or its provider's key)",
  },
} as const satisfies Record<string, AcpPreset>;

export type AcpPresetName = keyof typeof ACP_PRESETS;

export const isPreset = (name: string): name is AcpPresetName => Object.hasOwn(ACP_PRESETS, name);
