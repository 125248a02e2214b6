import { useState, type FormEvent } from 'react';
import { formatDisplayDate, isAdmin, type Task } from '@rustico/core';
import { useCurrentUser } from '../auth/queries.ts';
import { errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { Actions } from '../ui/actions.tsx';
import { Button } from '../ui/button.tsx';
import { FileButton } from '../ui/file-button.tsx';
import { TextField } from '../ui/text-field.tsx';
import { useToast } from '../ui/toast-context.ts';
import { EditTaskDialog } from './edit-task-dialog.tsx';
import { useCompleteTask, useDeleteTask } from './queries.ts';
import styles from './tasks.module.css';

/** Whom a task is for; a hidden account is «qualcuno» to those who may not see it. */
function assigneeText(task: Task): string {
  if (task.assigneeName) return t('upkeep.tasks.assignedTo', { name: task.assigneeName });
  return task.assigneeId ? t('upkeep.tasks.assignedToSomeone') : t('upkeep.tasks.anyone');
}

/** Who did a task last and when (without a name the viewer may not read). */
export function doneText({ byName, at }: { byName: string | null; at: string }): string {
  const date = formatDisplayDate(at.slice(0, 10));
  return byName ? t('upkeep.tasks.doneBy', { name: byName, date }) : t('upkeep.tasks.doneBySomeone', { date });
}

/** A task's window, yearly badge, who, overdue; its note as the server rendered it (Markdown, raw HTML off). */
export function TaskSummary({ task }: { task: Task }) {
  return (
    <>
      <div className={styles.meta}>
        <span>{t('upkeep.tasks.window', { from: formatDisplayDate(task.from), to: formatDisplayDate(task.to) })}</span>
        <span>· {assigneeText(task)}</span>
        {task.yearly ? (
          <span className={styles.badge} data-tone="yearly">
            {t('upkeep.tasks.yearly')}
          </span>
        ) : null}
        {task.overdue ? (
          <span className={styles.badge} data-tone="overdue">
            {t('upkeep.tasks.overdue')}
          </span>
        ) : null}
        {task.fromCheckout ? <span className={styles.badge}>{t('upkeep.tasks.fromCheckout')}</span> : null}
      </div>
      {task.noteHtml ? <div className={styles.note} dangerouslySetInnerHTML={{ __html: task.noteHtml }} /> : null}
      {task.photoUrl ? (
        <a href={task.photoUrl} target="_blank" rel="noreferrer">
          <img className={styles.photo} src={task.photoUrl} alt={t('upkeep.tasks.photoOf', { title: task.title })} width={96} height={96} loading="lazy" />
        </a>
      ) : null}
    </>
  );
}

/** An open task: «Fatto» opens a short form (an optional note and photo) that marks it done. */
export function TaskItem({ task, waiting = false }: { task: Task; waiting?: boolean }) {
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const remove = useDeleteTask();
  const { toast } = useToast();
  return (
    <li className={styles.task} aria-label={task.title}>
      <div className={styles.head}>
        <h3 className={styles.title}>{task.title}</h3>
        {waiting ? <span className={styles.badge}>{t('stay.waiting')}</span> : null}
        {!open && !waiting ? (
          <Button variant="outlined" aria-label={t('upkeep.tasks.markDoneOf', { title: task.title })} onClick={() => setOpen(true)}>
            {t('upkeep.tasks.markDone')}
          </Button>
        ) : null}
      </div>
      <TaskSummary task={task} />
      {task.lastDone ? (
        <p className={styles.muted}>
          {doneText(task.lastDone)}
        </p>
      ) : null}
      {open ? <DoneForm task={task} onClose={() => setOpen(false)} /> : null}
      {!open && (task.authorId === user.id || isAdmin(user.role)) ? (
        <Actions end>
          <Button variant="text" aria-label={t('upkeep.tasks.editOf', { title: task.title })} onClick={() => setEditing(true)}>
            {t('upkeep.tasks.edit')}
          </Button>
          <Button
            variant="text"
            danger
            aria-label={t('upkeep.tasks.delete', { title: task.title })}
            loading={remove.isPending}
            onClick={() => remove.mutate(task, { onSuccess: () => toast({ title: t('upkeep.tasks.deleted') }), onError: (error) => toast({ title: errorText(error) }) })}
          >
            {t('upkeep.tasks.deleteShort')}
          </Button>
        </Actions>
      ) : null}
      {editing ? <EditTaskDialog task={task} onClose={() => setEditing(false)} /> : null}
    </li>
  );
}

function DoneForm({ task, onClose }: { task: Task; onClose: () => void }) {
  const complete = useCompleteTask();
  const { toast } = useToast();
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    complete.mutate(
      { task, note, photo },
      {
        onSuccess: (outcome) => {
          toast({ title: outcome.queued ? t('offline.queued') : t('upkeep.tasks.doneToast') });
          onClose();
        },
        onError: (failure) => setError(errorText(failure)),
      },
    );
  };
  return (
    <form className={styles.done} onSubmit={submit} noValidate aria-label={t('upkeep.tasks.markDoneOf', { title: task.title })}>
      <TextField label={t('upkeep.tasks.doneNote')} value={note} maxLength={4000} autoComplete="off" error={error} onClearError={() => setError(undefined)} onChange={(event) => setNote(event.target.value)} />
      <FileButton label={t('upkeep.tasks.donePhoto')} accept="image/*" file={photo} onChange={setPhoto} />
      <Actions end>
        <Button variant="text" onClick={onClose}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" loading={complete.isPending}>
          {t('upkeep.tasks.confirmDone')}
        </Button>
      </Actions>
    </form>
  );
}
