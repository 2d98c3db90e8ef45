/** The hosted examples `npm run cloud:dev` runs: each one's wrangler config, from the repository's root. */
export const CLOUD_EXAMPLES = {
  desk: 'src/agent/cloudflare/desk/wrangler.jsonc',
  /** The release helper: an Agents SDK chat agent whose tool waits for the phone's approval. */
  agents: 'src/agent/cloudflare/helper/wrangler.jsonc',
} as const;

export type CloudExample = keyof typeof CLOUD_EXAMPLES;

/** The model endpoint the Agents SDK example reads (any OpenAI-compatible chat-completions server). */
export const MODEL_VARS = ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'OPENAI_MODEL'] as const;

/** The Worker's variables (its secrets on Cloudflare) from this process's environment, or what is missing. */
export function cloudVars(env: NodeJS.ProcessEnv): Record<string, string> | string {
  const vars: Record<string, string> = {};
  const token = env.COLLIE_TOKEN?.trim();
  if (!token) return 'set COLLIE_TOKEN to the token the bridge attaches with';
  vars.COLLIE_TOKEN = token;
  const next = env.COLLIE_TOKEN_NEXT?.trim();
  if (next) vars.COLLIE_TOKEN_NEXT = next;
  if (env.COLLIE_LOG_OBJECT_REQUESTS === '1') vars.COLLIE_LOG_OBJECT_REQUESTS = '1';
  for (const key of MODEL_VARS) {
    const value = env[key]?.trim();
    if (value) vars[key] = value;
  }
  return vars;
}
