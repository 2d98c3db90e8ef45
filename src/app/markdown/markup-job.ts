import { languageOf } from './fences';
import { isDiffLanguage } from './parse-diff';

/**
 * A piece of agent text to be made into markup (markdown-html.ts, then sanitize-markup.ts):
 * a markdown item (its fenced code coloured or not), a code item's code coloured, or a diff.
 * Plain code needs no markup: it is drawn as its text.
 */
export type MarkupJob = { kind: 'markdown'; text: string; colour: boolean } | { kind: 'code'; text: string; language: string } | { kind: 'diff'; text: string };

export const markdownJob = (text: string, colour = false): MarkupJob => ({ kind: 'markdown', text, colour });

/**
 * What code (a code item, a tool's output) asks for: a diff drawn as one, code naming a language
 * coloured, and nothing for code without one. The one rule for both the code's view and the chat's
 * first draw (which waits for the diffs: a diff's table is not the height of its text).
 */
export function codeJob(text: string, language: string | undefined): MarkupJob | null {
  const name = languageOf(language);
  if (name === '') return null;
  return isDiffLanguage(name) ? { kind: 'diff', text } : { kind: 'code', text, language: name };
}

/** The same job, the same key: what is made is kept by it. */
export function jobKey(job: MarkupJob): string {
  const how = job.kind === 'markdown' ? String(job.colour) : job.kind === 'code' ? job.language : '';
  return `${job.kind}\u0000${how}\u0000${job.text}`;
}

/** Whether making the job wants the highlighter (highlight.ts). */
export const wantsColour = (job: MarkupJob): boolean => job.kind === 'code' || (job.kind === 'markdown' && job.colour);

/** The job as a message between the page and the markup worker. */
export interface JobMessage {
  id: number;
  job: MarkupJob;
}
/** The worker's answer: the HTML before the sanitiser (null: none, as for a diff too large), or that it failed. */
export type JobReply = { id: number; html: string | null } | { id: number; failed: true };
