import type { Highlight } from './markdown-html';
import { codeHtml, diffHtml, markdownHtml } from './markdown-html';
import { wantsColour, type MarkupJob } from './markup-job';

let highlighter: Promise<Highlight> | undefined;
/** highlight.js, loaded the first time a job wants colour; a load that failed is tried again by the next. */
function loadHighlighter(): Promise<Highlight> {
  highlighter ??= import('./highlight').then(
    (m) => m.highlight,
    (err: unknown) => {
      highlighter = undefined;
      throw err;
    },
  );
  return highlighter;
}

/**
 * A job's HTML before the sanitiser: in the markup worker, or on the page's thread where there is
 * no worker. Rejects only when the highlighter could not be loaded.
 */
export async function answerJob(job: MarkupJob): Promise<string | null> {
  const highlight = wantsColour(job) ? await loadHighlighter() : undefined;
  switch (job.kind) {
    case 'markdown':
      return markdownHtml(job.text, highlight);
    case 'code':
      return codeHtml(job.text, job.language, highlight);
    case 'diff':
      return diffHtml(job.text);
  }
}
