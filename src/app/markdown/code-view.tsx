import { useMemo } from 'preact/hooks';
import { useColoured } from './colour-later';
import { codeHighlighter, markdownRenderer, useLazyModule } from './lazy-module';
import { isDiffLanguage } from './parse-diff';
import './rich-text.css';

interface Props {
  text: string;
  /** As the agent named it; `diff` (or `patch`) draws the text as a diff. */
  language?: string | undefined;
  /** The block's name for a screen reader. */
  label: string;
}

/**
 * Code an agent sent outside markdown (a code item, a tool's output), drawn through the one
 * markdown path (render-markdown.ts): a diff as a table of its lines, code that names a language
 * highlighted. Until their code has loaded and coloured it (and for a diff too large to draw), the plain text.
 * Focusable, so a keyboard can scroll a long line sideways too.
 */
export function CodeView({ text, language, label }: Props) {
  const name = language?.trim().toLowerCase() ?? '';
  const diff = isDiffLanguage(name);
  const highlightable = name !== '' && !diff;
  const renderer = useLazyModule(markdownRenderer, diff || highlightable);
  const highlighter = useLazyModule(codeHighlighter, highlightable);
  const diffHtml = useMemo(() => (diff && renderer ? renderer.renderDiff(text) : null), [diff, renderer, text]);
  // Coloured in a later slice (colour-later.ts): plain code takes the same room.
  const codeHtml = useColoured(renderer && highlighter ? () => renderer.renderCode(text, name, highlighter.highlight) : null, [renderer, highlighter, text, name]);
  if (diffHtml !== null) return <div class="diff-scroll" role="group" tabIndex={0} aria-label={label} dangerouslySetInnerHTML={{ __html: diffHtml }} />;
  return (
    <pre tabIndex={0} aria-label={label}>
      {/* Keyed: the plain text's node is replaced, not kept beside the markup. */}
      {codeHtml === null ? <code key="plain">{text}</code> : <code key="highlighted" class="hljs" dangerouslySetInnerHTML={{ __html: codeHtml }} />}
    </pre>
  );
}
