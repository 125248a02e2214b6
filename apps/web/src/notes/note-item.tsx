import { useState } from 'react';
import { MessageSquareReply, ThumbsUp, Trash2 } from 'lucide-react';
import { noteLabelText, type Note } from '@rustico/core';
import { errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { Avatar } from '../ui/avatar.tsx';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/cx.ts';
import { Dialog, DialogActions } from '../ui/dialog.tsx';
import { useToast } from '../ui/toast-context.ts';
import { refusalText } from '../ui/stale-edit.tsx';
import { NoteText } from './note-text.tsx';
import { useDeleteNote, useToggleReaction } from './queries.ts';
import { NoteTime } from './note-time.tsx';
import styles from './notes.module.css';

export interface NoteItemProps {
  note: Note;
  /** True for the logged-in author: only they may delete it. */
  mine: boolean;
}

/** One note of the board: author, time, label, text, thumbs-up, reply (not yet) and delete. */
export function NoteItem({ note, mine }: NoteItemProps) {
  const { toast } = useToast();
  const reaction = useToggleReaction();
  const remove = useDeleteNote();
  const [confirming, setConfirming] = useState(false);

  const toggleReaction = () =>
    reaction.mutate(
      { id: note.id, on: !note.reactedByMe },
      { onError: (error) => toast({ title: errorText(error), error: true }) },
    );

  const confirmDelete = () =>
    remove.mutate(
      { id: note.id, version: note.version },
      {
        onSuccess: () => {
          setConfirming(false);
          toast({ title: t('notes.deleted') });
        },
        onError: (error) => {
          setConfirming(false);
          toast({ title: refusalText(error), error: true });
        },
      },
    );

  return (
    <article className={styles.note} aria-label={note.authorName}>
      <header className={styles.noteHeader}>
        <Avatar src={note.authorPhotoUrl} name={note.authorName} size={40} decorative />
        <div className={styles.byline}>
          <span className={styles.author}>{note.authorName}</span>
          <NoteTime className={styles.time} iso={note.createdAt} />
        </div>
        {note.label ? <span className={styles.chip}>{noteLabelText(note.label)}</span> : null}
      </header>
      <NoteText text={note.text} className={styles.text} />
      <footer className={styles.actions}>
        <button
          type="button"
          className={cx(styles.reaction, note.reactedByMe && styles.reacted)}
          aria-pressed={note.reactedByMe}
          title={t('notes.like')}
          onClick={toggleReaction}
        >
          <ThumbsUp size={18} aria-hidden="true" fill={note.reactedByMe ? 'currentColor' : 'none'} />
          <span className="visually-hidden">{t('notes.like')}</span>
          <span className={styles.count}>{note.reactionCount}</span>
        </button>
        <Button variant="text" disabled title={t('notes.replySoon')} icon={<MessageSquareReply size={18} aria-hidden="true" />}>
          {t('notes.reply')}
        </Button>
        {mine ? (
          <Dialog
            title={t('notes.deleteTitle')}
            description={t('notes.deleteText')}
            open={confirming}
            onOpenChange={setConfirming}
            trigger={
              <Button variant="text" danger className={styles.delete} icon={<Trash2 size={18} aria-hidden="true" />}>
                {t('notes.delete')}
              </Button>
            }
            actions={
              <DialogActions>
                <Button danger loading={remove.isPending} onClick={confirmDelete}>
                  {t('notes.delete')}
                </Button>
              </DialogActions>
            }
          />
        ) : null}
      </footer>
    </article>
  );
}
