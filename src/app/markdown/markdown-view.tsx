import { useMemo } from 'preact/hooks';
import { wantsHighlighter } from './fences';
import { markdownJob } from './markup-job';
import { useMarkup } from './use-markup';
import './rich-text.css';

/**
 * A markdown item: its sanitised markup (markup.ts: made off the page's thread, then
 * sanitised), and its text until that is made. A chat draws its first screen once the markup of
 * the rows there is made (views/chat/opening-markup.ts), so a row takes its height in the frame it first appears.
 * Fenced code that names a language is drawn plain first and coloured when that markup is made
 * too, asked for only once the plain one is there: colour moves nothing.
 */
export function MarkdownView({ text }: { text: string }) {
  const plain = useMarkup(markdownJob(text));
  const colour = useMemo(() => wantsHighlighter(text), [text]);
  const coloured = useMarkup(colour && plain !== undefined ? markdownJob(text, true) : null);
  if (plain === undefined) return <div class="markdown pending">{text}</div>;
  return <div class="markdown" dangerouslySetInnerHTML={{ __html: coloured ?? plain ?? '' }} />;
}
