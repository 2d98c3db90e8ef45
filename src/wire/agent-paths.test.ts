import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { AGENT_ROUTE_NAMES, AGENT_ROUTES, agentPath, agentPathLabel, agentRouteTitle, matchAgentPath, WIRE_PREFIX, type AgentRoute } from './agent-paths';
import { PHONE_PATHS } from './phone-routes';
import { VERSION_HEADER } from './wire-protocol';

const ROOT = join(import.meta.dirname, '..', '..');
const SRC = join(ROOT, 'src');

/** A value for every parameter of a route, one that needs encoding. */
function paramsFor(route: AgentRoute, value: string): Record<string, string> {
  return Object.fromEntries([...AGENT_ROUTES[route].path.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1]!, `${m[1]}-${value}`]));
}

const build = (route: AgentRoute, params: Record<string, string>) => (agentPath as (r: AgentRoute, p: Record<string, string>) => string)(route, params);

describe('agent paths', () => {
  it('fill and percent-encode each parameter as encodeURIComponent does', () => {
    expect(agentPath('snapshot')).toBe('/snapshot');
    expect(agentPath('send', { pane: 'a/b c%é?#' })).toBe(`/pane/${encodeURIComponent('a/b c%é?#')}/send`);
    expect(agentPath('items', { conversation: 'c.1' })).toBe('/conversation/c.1/items');
    expect(agentPath('starter', { starter: 's 1' })).toBe('/starter/s%201');
  });

  it('match back every route they build, parameters decoded, under that route only', () => {
    for (const route of AGENT_ROUTE_NAMES) {
      for (const value of ['plain', 'a/b c%é?#', '..', '%2F']) {
        const params = paramsFor(route, value);
        const path = build(route, params);
        expect(matchAgentPath(AGENT_ROUTES[route].method, path), `${route} ${path}`).toEqual({ route, params });
        const other = AGENT_ROUTES[route].method === 'GET' ? 'POST' : 'GET';
        expect(matchAgentPath(other, path), `${other} ${path}`).toBeNull();
      }
    }
  });

  it('match no path of another shape', () => {
    for (const path of [
      '',
      '/',
      '/snapshot/',
      '//snapshot',
      '/Snapshot',
      '/snapshot?x=1',
      '/pane/p/send/x',
      '/pane//send',
      '/pane/p',
      '/pane/p/sends',
      '/starter/',
      '/starter/a/b',
      '/conversation/c/item',
      '/session/v1/snapshot',
      '/api/send',
    ]) {
      expect(matchAgentPath('GET', path), path).toBeNull();
      expect(matchAgentPath('POST', path), path).toBeNull();
    }
    expect(matchAgentPath('PUT', '/snapshot')).toBeNull();
    expect(matchAgentPath('POST', '/hello')).toBeNull();
  });

  it('read a segment whose escapes do not decode as an empty id', () => {
    expect(matchAgentPath('POST', '/pane/%E0%A4%A/send')).toEqual({ route: 'send', params: { pane: '' } });
  });

  it('are written as WIRE.md §1 writes them, and §1 lists exactly these routes', () => {
    expect(agentPathLabel('events')).toBe('/pane/:id/events');
    expect(agentRouteTitle('send')).toBe('POST /session/v1/pane/:id/send');
    const wire = readFileSync(join(ROOT, 'WIRE.md'), 'utf8');
    const transport = wire.slice(wire.indexOf('## 1. Transport'), wire.indexOf('## 2. '));
    const listed = [...transport.matchAll(/^\| `(GET|POST) (\/session\/v1\/[^`?]*)(?:\?[^`]*)?` \|/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(listed.sort()).toEqual(AGENT_ROUTE_NAMES.map(agentRouteTitle).sort());
  });
});

/** The source files a program runs: tests and test-only helpers (`testing/`, `testing*.ts`) are the outside view. */
function programFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' || entry.name === 'node_modules' ? [] : programFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.startsWith('testing') ? [path] : [];
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const boundary = (part: string) => (part.endsWith('/') ? '' : '(?![\\w-])');

/**
 * A string fragment that writes an agent path by hand. At a string's start (never the phone's:
 * its paths all start with `/api/`): one of a route's literal parts (`/snapshot`, `/pane/`,
 * `/send`…), after an optional method and the prefix, not followed by more of a word. After an
 * interpolation (`${base}/snapshot`): only a route's last part, ending the fragment or before its
 * query, and only one no phone path ends a segment with (`${agent}/close` may be the phone's).
 */
const HAND_WRITTEN = AGENT_ROUTE_NAMES.flatMap((route) =>
  AGENT_ROUTES[route].path
    .split(/:[A-Za-z]+/)
    .filter((part) => part !== '')
    .map((part) => ({
      atStart: new RegExp(`^(?:(?:GET|POST) )?(?:${escape(WIRE_PREFIX)})?${escape(part)}${boundary(part)}`),
      afterInterpolation:
        part.endsWith('/') || Object.values(PHONE_PATHS).some((phone) => new RegExp(`${escape(part)}(?![\\w-])`).test(phone)) ? null : new RegExp(`^${escape(part)}(?:$|\\?)`),
    })),
);

const writesAgentPath = (text: string, afterInterpolation: boolean) =>
  HAND_WRITTEN.some((parts) => (afterInterpolation ? parts.afterInterpolation : parts.atStart)?.test(text) === true);

/** Each hand-written agent path, prefix or version header in `source`, as `file:line "text"`. */
function handWrittenWire(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const home = basename(fileName);
  const report = (node: ts.Node, text: string) => found.push(`${relative(SRC, fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1} "${text}"`);
  const check = (node: ts.Node, text: string, afterInterpolation = false) => {
    if (home !== 'agent-paths.ts' && (writesAgentPath(text, afterInterpolation) || text.includes(WIRE_PREFIX))) report(node, text);
    if (home !== 'wire-protocol.ts' && text.toLowerCase() === VERSION_HEADER) report(node, text);
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) return;
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) check(node, node.text);
    else if (ts.isTemplateExpression(node)) {
      check(node.head, node.head.text);
      for (const span of node.templateSpans) check(span.literal, span.literal.text, true);
    } else if (ts.isRegularExpressionLiteral(node)) {
      // A regex writes the path with escaped slashes, `^\/pane\/([^/]+)\/send$`: its pieces between
      // groups and alternatives are read as fragments, the one after `^` (or the very first) as a start.
      const parts = node.text
        .slice(1, node.text.lastIndexOf('/'))
        .replace(/\\\//g, '/')
        .split(/([\^()|])/);
      const hand = parts.some((piece, i) => i % 2 === 0 && writesAgentPath(piece, i > 0 && parts[i - 1] !== '^'));
      if (home !== 'agent-paths.ts' && hand) report(node, node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('the agent paths have one home', () => {
  it('no program file under src/ writes an agent path, the prefix or the version header by hand', () => {
    const found = programFiles(SRC).flatMap((path) => handWrittenWire(path, readFileSync(path, 'utf8')));
    expect(found, found.join('\n')).toEqual([]);
  });

  it('would catch each way of writing one', () => {
    const hand = [
      `const a = '/snapshot';`,
      `const a = "/hello";`,
      'const a = `/conversations?limit=${n}`;',
      'const a = `/pane/${encodeURIComponent(id)}/send`;',
      `const a = '/pane/' + id + '/answer';`,
      `const a = base + '/abort';`,
      'const a = `${base}/events?after=1`;',
      `const a = '/starter/' + id;`,
      `const a = '/session/v1/rename';`,
      `const a = 'POST /reopen';`,
      `const a = { 'X-Collie-Session': '1' };`,
      'const a = /^\\/pane\\/([^/]+)\\/action$/;',
      'const a = /^\\/close$/;',
    ];
    for (const line of hand) expect(handWrittenWire(join(SRC, 'x.ts'), line), line).not.toEqual([]);
  });

  it('leaves the phone API, imports, words and other paths alone', () => {
    const fine = [
      `import { answer } from './answer';`,
      `export * from '../wire/send';`,
      `const a = import('./events');`,
      `const a = '/api/send';`,
      `const a = '/api/agents/:agent/panes/:paneId/action';`,
      'const a = `/api/agents/${agent}/close`;',
      'const a = `/api/agents/${agent}/conversations/${id}`;',
      `const a = '/sender';`,
      'const a = `${agent}/starter/${id}`;',
      'const a = `${agent}/pane/${id}/action/${actionId}`;',
      `const a = '/items-list';`,
      `const a = 'not a durable agent: the listener does not say collie-durable';`,
      `// '/pane/' + id + '/send' in a comment`,
      'const a = /^\\/api\\/send$/;',
    ];
    for (const line of fine) expect(handWrittenWire(join(SRC, 'x.ts'), line), line).toEqual([]);
  });
});
