import { codeJob } from './markup-job';
import { useMarkup } from './use-markup';
import './rich-text.css';

interface Props {
  text: string;
  /** As the agent named it; `diff` (or `patch`) draws the text as a diff. */
  language?: string | undefined;
  /** The block's name for a screen reader. */
  label: string;
}

/**
 * Code an agent sent outside markdown (a code item, a tool's output), made into markup the one
 * way (markup.ts): a diff as a table of its lines, code that names a language highlighted. Until
 * that is made (and for a diff too large to draw), the plain text; colour moves nothing.
 * Focusable, so a keyboard can scroll a long line sideways too.
 */
export function CodeView({ text, language, label }: Props) {
  const job = codeJob(text, language);
  const made = useMarkup(job);
  if (job?.kind === 'diff' && typeof made === 'string') return <div class="diff-scroll" role="group" tabIndex={0} aria-label={label} dangerouslySetInnerHTML={{ __html: made }} />;
  const codeHtml = job?.kind === 'code' ? made : undefined;
  return (
    <pre tabIndex={0} aria-label={label}>
      {/* Keyed: the plain text's node is replaced, not kept beside the markup. */}
      {typeof codeHtml !== 'string' ? <code key="plain">{text}</code> : <code key="highlighted" class="hljs" dangerouslySetInnerHTML={{ __html: codeHtml }} />}
    </pre>
  );
}
