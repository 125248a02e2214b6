import { splitLinks } from './links.ts';

export interface NoteTextProps {
  text: string;
  className?: string | undefined;
}

/**
 * A note's text as text: line breaks kept (CSS), http/https addresses turned
 * into links that open in a new tab. Nothing the author typed becomes markup.
 */
export function NoteText({ text, className }: NoteTextProps) {
  return (
    <p className={className}>
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
