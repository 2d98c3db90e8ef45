/**
 * Which room of `src/` may not import which, as data, checked on the real tree by
 * `layer-rules.test.ts` (a fixture per rule shows the check catches it). The graph is
 * `importGraph`'s: type-only imports count, test files (`*.test.ts(x)`) are not in it — a test may
 * reach across rooms for a real counterpart (the kit's tests run a real bridge) — and `testing/`
 * helpers are, so they keep every rule they are not named an exception to.
 *
 * A place is a folder when it ends in `/` (everything under it), else one file; all relative to `src/`.
 */
export interface LayerRule {
  /** The importing files the rule is about. */
  from: string;
  /** What they may not import. */
  mayNotImport: readonly string[];
  /** Importing files the rule lets through. */
  except?: readonly string[];
  why: string;
}

export const LAYER_RULES: readonly LayerRule[] = [
  {
    from: 'wire/',
    mayNotImport: ['agent/', 'bridge/', 'app/'],
    why: 'the wire is the contract the kit, the bridge and the phone share: it leans on none of them',
  },
  {
    from: 'agent/',
    mayNotImport: ['bridge/', 'app/'],
    why: 'the kit ships alone (the SDK package) and meets the bridge only over the wire',
  },
  {
    from: 'app/',
    mayNotImport: ['bridge/', 'agent/'],
    why: 'the phone runs in a browser and meets the bridge only through its JSON (src/wire/bridge-json.ts)',
  },
  {
    from: 'bridge/',
    mayNotImport: ['app/'],
    why: 'the bridge serves the built app as files; what both need is in src/wire',
  },
  {
    from: 'app/stores/',
    mayNotImport: ['app/views/'],
    why: 'stores hold the state views draw: a type both need lives with the stores',
  },
  {
    from: 'bridge/',
    mayNotImport: ['bridge/phone/'],
    except: ['bridge/phone/', 'bridge/bridge.ts', 'bridge/testing/'],
    why: 'the phone server is the top room: only the composition root (bridge.ts) wires it, and test helpers may use its pieces; what other rooms share with it (errors, JSON, the route request) is the HTTP floor, bridge/http/',
  },
];

export interface LayerBreak {
  file: string;
  imports: string;
  why: string;
}

/** Every import of `graph` (paths relative to `src/`, as `importGraph` gives them) that breaks a rule. */
export function layerBreaks(graph: Map<string, string[]>, rules: readonly LayerRule[] = LAYER_RULES): LayerBreak[] {
  const breaks: LayerBreak[] = [];
  for (const [from, deps] of graph) {
    const file = slashed(from);
    for (const rule of rules) {
      if (!isIn(file, rule.from) || rule.except?.some((place) => isIn(file, place))) continue;
      for (const dep of deps.map(slashed)) if (rule.mayNotImport.some((place) => isIn(dep, place))) breaks.push({ file, imports: dep, why: rule.why });
    }
  }
  return breaks;
}

const isIn = (path: string, place: string): boolean => (place.endsWith('/') ? path.startsWith(place) : path === place);
const slashed = (path: string): string => path.split('\\').join('/');
