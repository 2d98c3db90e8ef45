import { relative } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { hrefOf } from '../routes';
import { CHAT_SCREEN } from './chunk-groups';

/**
 * A chat opened from its link (a notification's tap, a shared address) asks for the chat's code
 * as the page is read, beside the app's own: without this it was asked for only once the app had
 * come and started, one round trip after the other (Lighthouse's simulated phone drew the chat
 * 0.5 to 0.65 s later). Other screens ask for nothing more: the dashboard's first load stays its
 * own.
 *
 * The hint is a small script in the page (the bridge allows it by its hash: page-policy.ts). Which
 * addresses are a chat's comes from routes.ts, which files from the build.
 */
export function chatCodeHint(root = process.cwd()): Plugin {
  return {
    name: 'collie-chat-code-hint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const files = chatFiles(ctx.bundle, (id) => relative(root, id).split('\\').join('/') === CHAT_SCREEN);
        if (files.scripts.length === 0) return html;
        // Before the page's style sheet: a script after one waits until it has come, and holds the page's reading meanwhile.
        const at = html.search(/<link rel="stylesheet"|<\/head>/);
        if (at < 0) throw new Error('chat-code-hint: the page has no <head> to hold its script');
        return `${html.slice(0, at)}<script>${hintScript(files)}</script>\n    ${html.slice(at)}`;
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

/** A chat's address as routes.ts writes it, its two names left open. */
export function chatAddressPattern(): string {
  const sample = hrefOf({ screen: 'chat', agent: 'AGENT', paneId: 'PANE' });
  return `^${sample
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace('AGENT', '[^/]+')
    .replace('PANE', '[^/]+')}`;
}

/**
 * The page's script: on a chat's address, the chat's files asked for now, scripts as modules and
 * styles as styles, in CORS mode as the app's loader asks for them later (else each came twice).
 */
export function hintScript({ scripts, styles }: { scripts: string[]; styles: string[] }): string {
  const links = [...scripts.map((file) => ['modulepreload', `/${file}`]), ...styles.map((file) => ['preload', `/${file}`])];
  return (
    `if(new RegExp(${JSON.stringify(chatAddressPattern())}).test(location.hash))` +
    `for(const[r,h]of ${JSON.stringify(links)}){const l=document.createElement("link");l.rel=r;l.href=h;if(r==="preload")l.as="style";l.crossOrigin="";document.head.appendChild(l)}`
  );
}
