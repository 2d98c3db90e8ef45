import { relative } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { PAGE_READS } from '../start/take-page-reads';
import { withFirstRead } from '../start/read-data-early';
import { createBridgeClient } from '../phone-api-client';
import { hrefOf, parseRoute, type Route } from '../routes';
import { CHAT_SCREEN } from './chunk-groups';

/**
 * A Vite plugin that writes the page's own script into the built index.html: the first step of the
 * start-up (../start/sequence.tsx), before the app's code has come.
 *
 * The page asks, as it is read, for what the screen its address names needs first, beside the
 * app's own script: without this each came only once the app had come and started, one round trip
 * after the other.
 * - On the dashboard (the installed app's start) and a chat (a notification's tap, a shared link):
 *   the pairing check and the screen's first read. The app takes those replies as its own
 *   (start/take-page-reads.ts), so the data comes with the app's code, not two round trips after it.
 * - On a chat: its code too (its scripts and style sheets), so they come beside the app's code,
 *   not after it (figures: docs/performance.md).
 *   Other screens ask for nothing more: the dashboard's first load stays its own.
 *
 * The hint is a small script in the page (the bridge allows it by its hash: page-policy.ts). Which
 * addresses are a screen's comes from routes.ts, which reads from the app's own client and
 * start/read-data-early.ts (recorded here at build time), which files from the build.
 */
export function pageReadsScript(root = process.cwd()): Plugin {
  return {
    name: 'collie-page-reads-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const files = chatFiles(ctx.bundle, (id) => relative(root, id).split('\\').join('/') === CHAT_SCREEN);
        if (files.scripts.length === 0) return html;
        // Before the page's style sheet: a script after one waits until it has come, and holds the page's reading meanwhile.
        const at = html.search(/<link rel="stylesheet"|<\/head>/);
        if (at < 0) throw new Error('page-reads-script: the page has no <head> to hold its script');
        return `${html.slice(0, at)}<script>${readsScript(readsByScreen(files))}</script>\n    ${html.slice(at)}`;
      },
    },
  };
}

/** The chat screen's chunk and every chunk it imports before it runs (not the entry's: the page asks for that), and their styles. */
export function chatFiles(bundle: Rollup.OutputBundle, isScreen: (moduleId: string) => boolean): { scripts: string[]; styles: string[] } {
  const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const start = chunks.find((chunk) => chunk.moduleIds.some(isScreen));
  const scripts: string[] = [];
  const styles = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk | undefined) => {
    if (!chunk || chunk.isEntry || scripts.includes(chunk.fileName)) return;
    scripts.push(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const name of chunk.imports) visit(byName.get(name));
  };
  visit(start);
  return { scripts, styles: [...styles] };
}

/** What the page asks for on one screen's addresses. */
export interface ScreenReads {
  /** The screen's addresses (location.hash), each named part of the route a named group. */
  pattern: string;
  /** The reads, a `{name}` where the route's part goes (percent-encoded as the app's client does). */
  reads: string[];
  /** Files to ask for now: [rel, href], scripts as modules, styles as styles. */
  links: [string, string][];
}

/** A route's named part, written so that neither encoding changes it and no address or path holds it otherwise. */
const mark = (name: string) => `QQ${name}QQ`;

/** The screens the page asks for, with their parts marked. */
const SAMPLES: Route[] = [{ screen: 'dashboard' }, { screen: 'chat', agent: mark('agent'), paneId: mark('paneId') }];

export function readsByScreen(chat: { scripts: string[]; styles: string[] }): ScreenReads[] {
  return SAMPLES.map((route) => {
    const names = Object.keys(route).filter((key) => key !== 'screen');
    const unmark = (text: string, as: (name: string) => string) => names.reduce((out, name) => out.replace(mark(name), as(name)), text);
    const href = hrefOf(route).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // An address with no route at all opens the dashboard (parseRoute): the empty one is the dashboard's too.
    const own = parseRoute('').screen === route.screen ? `(?:${href})?` : href;
    return {
      pattern: `^${unmark(own, (name) => `(?<${name}>[^/]+)`)}(?:/|$)`,
      reads: readsOf(route).map((url) => unmark(url, (name) => `{${name}}`)),
      links:
        route.screen === 'chat'
          ? [...chat.scripts.map((file): [string, string] => ['modulepreload', `/${file}`]), ...chat.styles.map((file): [string, string] => ['preload', `/${file}`])]
          : [],
    };
  });
}

/** The addresses the app reads first on a route, as its own client asks for them: the pairing check, then the screen's first read. */
export function readsOf(route: Route): string[] {
  const asked: string[] = [];
  const client = createBridgeClient('', (input) => {
    asked.push(String(input));
    return new Promise<Response>(() => {});
  });
  void client.device();
  void withFirstRead(client, route);
  return asked;
}

/**
 * The page's script: on the first screen whose address this is, each read asked for (in the
 * browser's own cache mode for the app's reads, and left for the app: start/take-page-reads.ts), and each
 * file (in CORS mode as the app's loader asks for them later, else each came twice). A part that
 * is not percent-encoding asks for nothing; the app's own start asks again.
 */
export function readsScript(screens: ScreenReads[]): string {
  return (
    `for(const[p,reads,links]of ${JSON.stringify(screens.map(({ pattern, reads, links }) => [pattern, reads, links]))}){` +
    `const m=new RegExp(p).exec(location.hash);if(!m)continue;` +
    `const asks=window[${JSON.stringify(PAGE_READS)}]={};` +
    `for(const r of reads)try{const url=r.replace(/\\{(\\w+)\\}/g,(_,n)=>encodeURIComponent(decodeURIComponent(m.groups[n])));` +
    `const reply=fetch(url,{cache:"no-store"});reply.catch(()=>{});asks[url]={at:performance.now(),reply}}catch{/* not percent-encoding: the app asks itself */}` +
    `for(const[r,h]of links){const l=document.createElement("link");l.rel=r;l.href=h;if(r==="preload")l.as="style";l.crossOrigin="";document.head.appendChild(l)}` +
    `break}`
  );
}
