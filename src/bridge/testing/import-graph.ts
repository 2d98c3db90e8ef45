/**
 * The import graph of a source tree, for the tests that keep `src/` free of import cycles (a
 * cycle is two rooms that cannot be understood, or loaded, one without the other) and of arrows
 * that run back up (a folder that imports a room which imports the folder back: the two can only
 * be read together). Type-only imports count: they tie the files together just the same.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { NOT_WALKED } from './doc-paths';
import { dirname, join, normalize, relative, sep } from 'node:path';

const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
const SOURCE = /\.(ts|tsx)$/;

/** Every non-test source file under `root`, each with the files it imports (relative imports only). */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const deps: string[] = [];
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = resolve(dirname(file), match[1] ?? match[2] ?? '');
      if (target) deps.push(target);
    }
    graph.set(
      relative(root, file),
      deps.map((dep) => relative(root, dep)),
    );
  }
  return graph;
}

/** The cycles of a graph: each strongly connected group of two or more files, or a file that imports itself. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const dep of graph.get(node) ?? []) {
      if (!index.has(dep)) {
        visit(dep);
        low.set(node, Math.min(low.get(node)!, low.get(dep)!));
      } else if (onStack.has(dep)) low.set(node, Math.min(low.get(node)!, index.get(dep)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      group.push(member);
      if (member === node) break;
    }
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** An import that ties a folder's children in a loop: `from` and `to` are files, `folder` the folder whose children they belong to. */
export interface BackArrow {
  folder: string;
  from: string;
  to: string;
}

/**
 * Every arrow that runs back up: for each folder, its children (files and subfolders) are rooms,
 * a file inside a subfolder counts as that subfolder, and an import between two rooms that stand
 * in one loop of rooms is returned. An empty list means every folder reads from the top floor down.
 */
export function arrowsBackUp(graph: Map<string, string[]>): BackArrow[] {
  const folders = new Set<string>(['']);
  for (const file of graph.keys()) {
    const parts = file.split(sep);
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join(sep));
  }
  const arrows: BackArrow[] = [];
  for (const folder of [...folders].sort()) {
    const roomOf = (file: string): string | null => {
      const inside = folder === '' ? file : file.startsWith(folder + sep) ? file.slice(folder.length + 1) : null;
      return inside === null ? null : inside.split(sep)[0]!;
    };
    const rooms = new Map<string, string[]>();
    const imports: { from: string; to: string; rooms: [string, string] }[] = [];
    for (const [file, deps] of graph) {
      const room = roomOf(file);
      if (room === null) continue;
      for (const dep of deps) {
        const target = roomOf(dep);
        if (target === null || target === room) continue;
        rooms.set(room, [...(rooms.get(room) ?? []), target]);
        imports.push({ from: file, to: dep, rooms: [room, target] });
      }
    }
    for (const loop of findCycles(rooms)) {
      const inLoop = new Set(loop);
      for (const { from, to, rooms: pair } of imports) if (inLoop.has(pair[0]) && inLoop.has(pair[1])) arrows.push({ folder, from, to });
    }
  }
  return arrows;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    if (NOT_WALKED.has(name)) return [];
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !name.includes('.test.') ? [path] : [];
  });
}

function resolve(from: string, specifier: string): string | null {
  const base = normalize(join(from, specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this spelling of the path; try the next
    }
  }
  return null;
}
