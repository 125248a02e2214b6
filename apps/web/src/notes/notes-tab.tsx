import { useCurrentUser } from '../auth/queries.ts';
import { t } from '../lib/i18n.ts';
import { useOutboxEntries } from '../offline/use-outbox.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Loading } from '../ui/loading.tsx';
import { NoteComposer } from './note-composer.tsx';
import { NoteItem } from './note-item.tsx';
import { useNotes } from './queries.ts';
import { WaitingNote, waitingNoteText } from './waiting-note.tsx';
import styles from './notes.module.css';

/** Gestione › Note: the notes board, newest first, live for everyone (live events invalidate ['notes']). */
export function NotesTab() {
  const user = useCurrentUser();
  const notes = useNotes();
  // Notes written offline are on the board at once, newest first, until they are sent.
  const waiting = useOutboxEntries(user.id)
    .flatMap((entry) => {
      const text = waitingNoteText(entry);
      return text === null ? [] : [{ entry, text }];
    })
    .reverse();

  let list;
  if (notes.isPending) list = <Loading />;
  else if (notes.isError) {
    list = (
      <div className={styles.state}>
        <Alert>{t('notes.loadFailed')}</Alert>
        <Button variant="outlined" onClick={() => void notes.refetch()}>
          {t('notes.retry')}
        </Button>
      </div>
    );
  } else {
    const all = notes.data.pages.flatMap((page) => page.notes);
    list =
      all.length === 0 && waiting.length === 0 ? (
        <div className={styles.empty} role="status">
          <p className={styles.emptyTitle}>{t('notes.empty')}</p>
          <p className={styles.hint}>{t('notes.emptyHint')}</p>
        </div>
      ) : (
        <>
          <ol className={styles.list} aria-label={t('notes.listLabel')}>
            {waiting.map(({ entry, text }) => (
              <li key={entry.key}>
                <WaitingNote entry={entry} text={text} author={user} />
              </li>
            ))}
            {all.map((note) => (
              <li key={note.id}>
                <NoteItem note={note} mine={note.authorId === user.id} />
              </li>
            ))}
          </ol>
          {notes.hasNextPage ? (
            <Button
              variant="outlined"
              className={styles.more}
              loading={notes.isFetchingNextPage}
              onClick={() => void notes.fetchNextPage()}
            >
              {t('notes.loadMore')}
            </Button>
          ) : null}
        </>
      );
  }

  return (
    <div className={styles.board}>
      <NoteComposer />
      {list}
    </div>
  );
}
