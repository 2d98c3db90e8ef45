/**
 * The markup worker: makes agent markdown, code and diffs into HTML (markdown-html.ts, with
 * highlight.js loaded here the first time code wants colour) off the page's thread, so a chat's
 * first screen does not wait on marked's start, its lexing or highlight.js's grammars. What it
 * sends back is not trusted: the page sanitises every reply (markup-maker.ts) before showing it.
 */
import { answerJob } from './answer-job';
import type { JobMessage, JobReply } from './markup-job';

const scope = self as unknown as { onmessage: ((event: MessageEvent<JobMessage>) => void) | null; postMessage(reply: JobReply): void };

scope.onmessage = ({ data: { id, job } }) => {
  answerJob(job).then(
    (html) => scope.postMessage({ id, html }),
    () => scope.postMessage({ id, failed: true }),
  );
};
