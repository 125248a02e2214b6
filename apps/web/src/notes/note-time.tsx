import { useState } from 'react';
import { formatNoteTime, formatNoteTimeFull } from './time.ts';

/**
 * When a note was written ('ieri 09:12'), with the full date as a tooltip. The tooltip's text is
 * made when a pointer or focus reaches it: its Intl formatter would cost every screen with a note
 * the page's first Intl use (lib/moment.ts).
 */
export function NoteTime({ iso, className }: { iso: string; className?: string | undefined }) {
  const [full, setFull] = useState<string>();
  const reveal = () => setFull((shown) => shown ?? formatNoteTimeFull(iso));
  return (
    <time className={className} dateTime={iso} title={full} onPointerEnter={reveal} onFocus={reveal}>
      {formatNoteTime(iso)}
    </time>
  );
}
