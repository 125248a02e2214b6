import { ComingSoon } from '../ui/coming-soon.tsx';

/** Gestione › Note: the notes board. */
export function NotesTab() {
  return <ComingSoon />;
}
