import { LIMITS } from '../../wire/limits';
import type { PermissionAskSpec } from '../ask-spec';
import type { ProjectFiles } from './project-files';
import { PI_PROJECT_FOLDER } from './tool-place';

/** The card's tool name: not one of Pi's tools, what the entry point itself asks before Pi starts. */
export const PROJECT_FILES_TOOL = 'load-project-files';

/**
 * The card that asks before Pi loads the project's `.pi/` files: each by path, size and SHA-256
 * (as many as a card's input holds; the rest counted), never Allow always (the same files never
 * ask twice, and a changed one must).
 */
export function projectFilesAsk(project: ProjectFiles): PermissionAskSpec {
  const shown = project.files.slice(0, LIMITS.toolInputEntries - 1);
  const more = project.files.length - shown.length;
  const count = project.files.length === 1 ? '1 file' : `${project.files.length} files`;
  return {
    kind: 'permission',
    toolCallId: `project-files-${project.digest.slice(0, 32)}`,
    title: `Load ${count} from this project's ${PI_PROJECT_FOLDER}/ folder?`,
    reason: `Pi runs the extensions and follows the settings it finds in ${PI_PROJECT_FOLDER}/ as you, with no card of their own. Allow loads exactly these files (a changed file asks again); Deny starts this chat without them.`,
    tool: {
      name: PROJECT_FILES_TOOL,
      input: {
        files: [
          ...shown.map((f) => ({ path: f.path, bytes: f.bytes, sha256: f.sha256 ?? 'not hashed: too many files', ...(f.target !== undefined ? { target: f.target } : {}) })),
          ...(more > 0 ? [{ more }] : []),
        ],
      },
    },
    options: [
      { id: 'allow', label: 'Allow', effect: 'allow' },
      { id: 'deny', label: 'Deny', effect: 'deny' },
    ],
  };
}
