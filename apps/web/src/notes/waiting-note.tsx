import { CloudUpload } from 'lucide-react';
import type { SessionUser } from '@rustico/core';
import { t } from '../lib/i18n.ts';
import type { OutboxEntry } from '../offline/outbox-store.ts';
import { WithdrawButton } from '../offline/withdraw-button.tsx';
import { Avatar } from '../ui/avatar.tsx';
import { cx } from '../ui/cx.ts';
import { NoteText } from './note-text.tsx';
import { NoteTime } from './note-time.tsx';
import styles from './notes.module.css';

/** The text of a note waiting in the outbox, if the entry is one. */
export function waitingNoteText(entry: OutboxEntry): string | null {
  if (entry.kind !== 'note' || entry.refusal) return null;
  const text = (entry.body as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : null;
}

/** A note written without a network: on the board as it will be, «In attesa», and withdrawable until sent. */
export function WaitingNote({ entry, text, author }: { entry: OutboxEntry; text: string; author: SessionUser }) {
  return (
    <article className={cx(styles.note, styles.waiting)} aria-label={author.name}>
      <header className={styles.noteHeader}>
        <Avatar src={author.photoUrl} name={author.name} size={40} decorative />
        <div className={styles.byline}>
          <span className={styles.author}>{author.name}</span>
          <NoteTime className={styles.time} iso={new Date(entry.queuedAt).toISOString()} />
        </div>
        <span className={cx(styles.chip, styles.waitingChip)}>
          <CloudUpload size={14} aria-hidden="true" />
          {t('stay.waiting')}
        </span>
      </header>
      <NoteText text={text} className={styles.text} />
      <footer className={styles.actions}>
        <WithdrawButton kind="note" entry={entry} />
      </footer>
    </article>
  );
}
