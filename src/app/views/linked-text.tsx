import { findLinks } from './find-links';

/**
 * Text with its https addresses as links, opened as the agent's links are (a new context, no
 * opener, no referrer). Every part is a text node: nothing of the text is read as markup.
 */
export function LinkedText({ text }: { text: string }) {
  const parts = findLinks(text);
  if (parts.length === 1 && !('href' in parts[0]!)) return <>{text}</>;
  return (
    <>
      {parts.map((part, i) =>
        'href' in part ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
