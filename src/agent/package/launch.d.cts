/** Types of launch.cjs, which stays plain JavaScript: it runs before any TypeScript could. */
export function isFresh(files: readonly string[], root?: string, out?: string): boolean;
export function ensureBuilt(files: readonly string[]): Promise<void>;
export function requireBuilt(file: string): unknown;
export function launch(name: string): Promise<void>;
