import { signal } from '@preact/signals';
import { useColoured } from './colour-later';
import { codeHighlighter, markdownRenderer, useLazyModule } from './lazy-module';
import type { Highlight } from './render-markdown';
import './rich-text.css';

type Renderer = typeof import('./render-markdown');

const settled = signal(false);
/**
 * Starts loading the renderer, and says once it has loaded (or failed to: rows then show their
 * plain text). A chat waits for it before drawing markdown rows, so a row takes its height in
 * the frame it first appears instead of growing under the reader (a layout shift).
 */
export function markdownSettled(): boolean {
  if (!settled.peek())
    void markdownRenderer.load().then(
      () => (settled.value = true),
      () => (settled.value = true),
    );
  return settled.value;
}

/**
 * What a text has made, by text: a long chat draws a row again each time it is scrolled back into
 * view, and the same markup (the sanitiser's output) serves again. Whether the text wants the
 * highlighter is kept with it; its markup without the highlighter, and with it once it is there.
 * Bounded, oldest out first.
 */
interface Made {
  wantsHighlighter: boolean;
  plain?: string;
  highlighted?: string;
}
const made = new Map<string, Made>();
const MADE_MAX = 400;
function madeOf(renderer: Renderer, text: string): Made {
  let got = made.get(text);
  if (got === undefined) {
    got = { wantsHighlighter: renderer.wantsHighlighter(text) };
    if (made.size >= MADE_MAX) made.delete(made.keys().next().value!);
    made.set(text, got);
  }
  return got;
}
function markupOf(renderer: Renderer, text: string, highlight: Highlight | undefined): string {
  const got = madeOf(renderer, text);
  if (got.wantsHighlighter && highlight) return (got.highlighted ??= renderer.renderMarkdown(text, highlight));
  return (got.plain ??= renderer.renderMarkdown(text));
}

/**
 * A markdown item. Until the renderer has loaded, the text shows as plain text; then as the
 * sanitised markup of the one markdown path (render-markdown.ts). Once loaded, a row is drawn
 * as markup at once, so it takes its height in the frame it appears. Fenced code that names a
 * language is drawn plain first and coloured once the highlighter has loaded, in a later slice
 * (colour-later.ts): colour moves nothing.
 */
export function MarkdownView({ text }: { text: string }) {
  const renderer = useLazyModule(markdownRenderer, true);
  const got = renderer ? madeOf(renderer, text) : undefined;
  const highlighter = useLazyModule(codeHighlighter, got?.wantsHighlighter ?? false);
  // Coloured markup made before (the row was drawn earlier) shows at once; new colour comes in a later slice.
  const colour = renderer && highlighter && got?.wantsHighlighter && got.highlighted === undefined ? () => markupOf(renderer, text, highlighter.highlight) : null;
  const coloured = useColoured(colour, [renderer, highlighter, text]);
  if (!renderer) return <div class="markdown pending">{text}</div>;
  return <div class="markdown" dangerouslySetInnerHTML={{ __html: coloured ?? (highlighter && got?.highlighted) ?? markupOf(renderer, text, undefined) }} />;
}
