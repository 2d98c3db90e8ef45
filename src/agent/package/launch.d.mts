/** Types of launch.mjs, which stays plain JavaScript: it runs before any TypeScript could. */
export function isFresh(name: string, root?: string, out?: string): boolean;
export function launch(name: string): Promise<void>;
