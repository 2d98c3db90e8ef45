import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';

type Renderer = typeof import('./render-markdown');
let loading: Promise<Renderer> | undefined;
/** The markdown renderer is loaded on first use, so the first screen stays small. */
const loadRenderer = () => (loading ??= import('./render-markdown'));

/**
 * A markdown item. Until the renderer has loaded, the text shows as plain text; then as the
 * sanitised markup of the one markdown path (render-markdown.ts).
 */
export function MarkdownView({ text }: { text: string }) {
  const html = useSignal<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadRenderer().then((renderer) => {
      if (live) html.value = renderer.renderMarkdown(text);
    });
    return () => {
      live = false;
    };
  }, [text, html]);
  if (html.value === null) return <div class="markdown pending">{text}</div>;
  return <div class="markdown" dangerouslySetInnerHTML={{ __html: html.value }} />;
}
