import { signal, useSignal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';

type Renderer = typeof import('./render-markdown');
let loading: Promise<Renderer> | undefined;
let loaded: Renderer | undefined;
/** The markdown renderer is loaded on first use, so the first screen stays small. */
const loadRenderer = () =>
  (loading ??= import('./render-markdown').then(
    (renderer) => (loaded = renderer),
    (err: unknown) => {
      loading = undefined; // tried again by the next row
      throw err;
    },
  ));

const settled = signal(false);
/**
 * Starts loading the renderer, and says once it has loaded (or failed to: rows then show their
 * plain text). A chat waits for it before drawing markdown rows, so a row takes its height in
 * the frame it first appears instead of growing under the reader (a layout shift).
 */
export function markdownSettled(): boolean {
  if (!settled.peek())
    void loadRenderer().then(
      () => (settled.value = true),
      () => (settled.value = true),
    );
  return settled.value;
}

/**
 * Markup already made, by text: a long chat draws a row again each time it is scrolled back into
 * view, and the same markup (the sanitiser's output) serves again. Bounded, oldest out first.
 */
const made = new Map<string, string>();
const MADE_MAX = 400;
function markupOf(renderer: Renderer, text: string): string {
  let html = made.get(text);
  if (html === undefined) {
    html = renderer.renderMarkdown(text);
    if (made.size >= MADE_MAX) made.delete(made.keys().next().value!);
    made.set(text, html);
  }
  return html;
}

/**
 * A markdown item. Until the renderer has loaded, the text shows as plain text; then as the
 * sanitised markup of the one markdown path (render-markdown.ts). Once loaded, a row is drawn
 * as markup at once, so it takes its height in the frame it appears.
 */
export function MarkdownView({ text }: { text: string }) {
  const renderer = useSignal(loaded);
  useEffect(() => {
    if (renderer.value) return;
    let live = true;
    void loadRenderer().then((got) => {
      if (live) renderer.value = got;
    });
    return () => {
      live = false;
    };
  }, [renderer]);
  const ready = renderer.value;
  const html = useMemo(() => (ready ? markupOf(ready, text) : null), [ready, text]);
  if (html === null) return <div class="markdown pending">{text}</div>;
  return <div class="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
