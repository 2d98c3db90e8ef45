/**
 * Test helper: Pi's home folder for a test, as a person configures Pi for a provider of their own
 * (`models.json`, `settings.json`): the scripted model at 127.0.0.1 as the default model, no
 * retries, no compaction. The environment a test runs Pi in keeps it off the network.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const SCRIPTED_PROVIDER = 'scripted';
export const SCRIPTED_MODEL = 'scripted-model';
/** The environment variable the test's models.json names for the key (a key is never written in a test file). */
export const SCRIPTED_KEY_ENV = 'COLLIE_TEST_SCRIPTED_KEY';

/** Pi's switches that keep it from reaching the network: no downloads, no version check, no telemetry. */
export const PI_OFFLINE_ENV = { PI_OFFLINE: '1', PI_SKIP_VERSION_CHECK: '1', PI_TELEMETRY: '0' } as const;

/** `withKey: false`: the provider names no key at all (Pi then says it has none). */
export async function writePiHome(agentDir: string, baseUrl: string, options: { withKey?: boolean } = {}): Promise<void> {
  await mkdir(agentDir, { recursive: true, mode: 0o700 });
  const models = {
    providers: {
      [SCRIPTED_PROVIDER]: {
        baseUrl,
        api: 'openai-completions',
        ...(options.withKey === false ? {} : { apiKey: SCRIPTED_KEY_ENV }),
        compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
        models: [{ id: SCRIPTED_MODEL, name: 'Scripted model', contextWindow: 32000, maxTokens: 1024 }],
      },
    },
  };
  const settings = {
    defaultProvider: SCRIPTED_PROVIDER,
    defaultModel: SCRIPTED_MODEL,
    defaultThinkingLevel: 'off',
    retry: { enabled: false, provider: { maxRetries: 0 } },
    compaction: { enabled: false },
  };
  await writeFile(join(agentDir, 'models.json'), JSON.stringify(models, null, 2), { mode: 0o600 });
  await writeFile(join(agentDir, 'settings.json'), JSON.stringify(settings, null, 2), { mode: 0o600 });
}
