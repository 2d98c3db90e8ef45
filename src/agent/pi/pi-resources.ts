import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExtensionFactory, ResourceLoader, SettingsManager } from '@mariozechner/pi-coding-agent';
import type { PiModule } from './load-pi';
import { isUnder, PI_PROJECT_FOLDER, realTarget } from './tool-place';

export interface PiResourcesOptions {
  cwd: string;
  agentDir: string;
  dataDir: string;
  extensionFactories: ExtensionFactory[];
  /** The person allowed the project's `.pi/` files (project-card.ts). */
  withProject: boolean;
}

/**
 * Pi's settings and resources for one session. With the project's files allowed, exactly as Pi
 * reads them. Without, Pi's own home only: settings read as if the project had none (a neutral,
 * empty folder of the entry point's stands in for it), the home's extensions only, and the
 * project's skills, prompts, themes and system prompts left out. The project's AGENTS.md files
 * are read either way: they are words for the model, and every tool that changes anything asks.
 */
export async function piResources(sdk: PiModule, options: PiResourcesOptions): Promise<{ settingsManager: SettingsManager; resourceLoader: ResourceLoader }> {
  const { cwd, agentDir, extensionFactories } = options;
  if (options.withProject) {
    const settingsManager = sdk.SettingsManager.create(cwd, agentDir);
    const resourceLoader = new sdk.DefaultResourceLoader({ cwd, agentDir, settingsManager, extensionFactories });
    await resourceLoader.reload();
    return { settingsManager, resourceLoader };
  }
  const neutral = join(options.dataDir, 'without-project');
  mkdirSync(neutral, { recursive: true, mode: 0o700 });
  const settingsManager = sdk.SettingsManager.create(neutral, agentDir);
  const home = await new sdk.DefaultPackageManager({ cwd: neutral, agentDir, settingsManager }).resolve();
  const projectFolder = realTarget(join(cwd, PI_PROJECT_FOLDER));
  const outsideProject = (path: string | undefined) => path === undefined || !isUnder(realTarget(path), projectFolder);
  const resourceLoader = new sdk.DefaultResourceLoader({
    cwd,
    agentDir,
    settingsManager,
    extensionFactories,
    noExtensions: true,
    additionalExtensionPaths: home.extensions.filter((r) => r.enabled && !isUnder(realTarget(r.path), realTarget(neutral))).map((r) => r.path),
    skillsOverride: ({ skills, diagnostics }) => ({ skills: skills.filter((s) => outsideProject(s.filePath)), diagnostics }),
    promptsOverride: ({ prompts, diagnostics }) => ({ prompts: prompts.filter((p) => outsideProject(p.filePath)), diagnostics }),
    themesOverride: ({ themes, diagnostics }) => ({ themes: themes.filter((t) => outsideProject(t.sourcePath)), diagnostics }),
    systemPromptOverride: () => homeText(agentDir, 'SYSTEM.md'),
    appendSystemPromptOverride: () => [homeText(agentDir, 'APPEND_SYSTEM.md')].filter((t): t is string => t !== undefined),
  });
  await resourceLoader.reload();
  return { settingsManager, resourceLoader };
}

/** A prompt file of Pi's home, as Pi would have taken it with no project one. */
function homeText(agentDir: string, name: string): string | undefined {
  try {
    return readFileSync(join(agentDir, name), 'utf8');
  } catch {
    return undefined;
  }
}
