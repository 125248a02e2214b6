import { Link } from 'react-router';
import { MessageSquareText } from 'lucide-react';
import { noteLabelText } from '@rustico/core';
import { t } from '../lib/i18n.ts';
import { useLatestNote } from '../notes/queries.ts';
import { NoteTime } from '../notes/note-time.tsx';
import { Avatar } from '../ui/avatar.tsx';
import { Card } from '../ui/card.tsx';
import { cx } from '../ui/cx.ts';
import { Loading } from '../ui/loading.tsx';
import styles from './last-note-card.module.css';

export interface LastNoteCardProps {
  className?: string | undefined;
}

/** Home card: the newest note (kept live by the ['notes'] invalidations); the whole card opens the board. */
export function LastNoteCard({ className }: LastNoteCardProps) {
  const latest = useLatestNote();
  let body;
  if (latest.isPending) body = <Loading fill />;
  else if (latest.isError) body = <p className={styles.muted}>{t('homeCards.loadFailed')}</p>;
  else if (!latest.data) body = <p className={styles.muted}>{t('homeCards.noNote')}</p>;
  else {
    const note = latest.data;
    body = (
      <div className={styles.note}>
        <div className={styles.byline}>
          <Avatar src={note.authorPhotoUrl} name={note.authorName} size={36} decorative />
          <span className={styles.who}>
            <span className={styles.author}>{note.authorName}</span>
            <NoteTime className={styles.time} iso={note.createdAt} />
          </span>
        </div>
        {note.label ? <span className={styles.chip}>{noteLabelText(note.label)}</span> : null}
        {/* Plain text here: the card is one link, so the note's own links are shown but not nested. */}
        <p className={styles.text}>{note.text}</p>
      </div>
    );
  }
  return (
    <Link to="/app/gestione#note" className={cx(styles.cardLink, className)} title={t('homeCards.openNotes')}>
      <Card title={t('homeCards.lastNote')} icon={<MessageSquareText size={20} />} aria-busy={latest.isPending || undefined}>
        <div className={styles.body}>{body}</div>
      </Card>
    </Link>
  );
}
