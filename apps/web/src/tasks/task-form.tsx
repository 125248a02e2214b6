import { useState, type FormEvent, type ReactNode } from 'react';
import { isAdmin, type IsoDate, type Task, type TaskInput } from '@rustico/core';
import { useCurrentUser } from '../auth/queries.ts';
import { t } from '../lib/i18n.ts';
import { useMembers } from '../members/queries.ts';
import { DateField } from '../ui/date-field.tsx';
import { FileButton } from '../ui/file-button.tsx';
import { Select } from '../ui/select.tsx';
import { Switch } from '../ui/switch.tsx';
import { TextField } from '../ui/text-field.tsx';
import styles from './tasks.module.css';

const ANYONE = 'anyone';

/** What the form holds: a task's fields as typed, before they are a TaskInput. */
export interface TaskDraft {
  title: string;
  note: string;
  yearly: boolean;
  from: IsoDate | null;
  to: IsoDate | null;
  /** A member's id, or «chi c'è». */
  assignee: string;
}

export const draftOf = (task: Task): TaskDraft => ({
  title: task.title,
  note: task.note ?? '',
  yearly: task.yearly,
  from: task.from,
  to: task.to,
  assignee: task.assigneeId ?? ANYONE,
});

export const emptyDraft = (today: IsoDate): TaskDraft => ({ title: '', note: '', yearly: false, from: today, to: null, assignee: ANYONE });

export function inputOf(draft: TaskDraft & { from: IsoDate; to: IsoDate }): TaskInput {
  const { title, note, yearly, from, to, assignee } = draft;
  return { title, ...(note ? { note } : {}), yearly, from, to, ...(assignee === ANYONE ? {} : { assigneeId: assignee }) };
}

export interface TaskFormError {
  field: string;
  text: string;
}

/**
 * A task's fields, for a new task and a changed one alike. Only an admin chooses who does it
 * (the member list is theirs); anyone else keeps what the task says.
 */
export function TaskForm({
  id,
  initial,
  error,
  onClearError,
  onSubmit,
  children,
}: {
  id?: string;
  initial: TaskDraft;
  error: TaskFormError | null;
  onClearError: () => void;
  onSubmit: (input: TaskInput, photo: File | null, draft: TaskDraft) => void;
  /** The form's buttons. */
  children?: ReactNode;
}) {
  const user = useCurrentUser();
  const admin = isAdmin(user.role);
  const members = useMembers(admin);
  const [draft, setDraft] = useState(initial);
  const [photo, setPhoto] = useState<File | null>(null);
  const [missing, setMissing] = useState<TaskFormError | null>(null);
  const set = <K extends keyof TaskDraft>(key: K, value: TaskDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { from, to } = draft;
    if (!from || !to) {
      setMissing({ field: from ? 'to' : 'from', text: t('form.required') });
      return;
    }
    onSubmit(inputOf({ ...draft, from, to }), photo, draft);
  };
  const shown = missing ?? error;
  const errorOf = (field: string) => (shown?.field === field ? shown.text : undefined);
  const clear = () => {
    setMissing(null);
    onClearError();
  };
  const options = [{ value: ANYONE, label: t('upkeep.tasks.anyone') }, ...(members.data ?? []).filter((member) => !member.disabled).map((member) => ({ value: member.id, label: member.name }))];
  return (
    <form id={id} className={styles.form} onSubmit={submit} noValidate>
      <TextField label={t('upkeep.tasks.addTitle')} value={draft.title} maxLength={120} autoComplete="off" error={errorOf('title')} onClearError={clear} onChange={(event) => set('title', event.target.value)} />
      <TextField label={t('upkeep.tasks.addNote')} value={draft.note} maxLength={4000} autoComplete="off" error={errorOf('note')} onClearError={clear} onChange={(event) => set('note', event.target.value)} />
      <Switch label={t('upkeep.tasks.addYearly')} checked={draft.yearly} onCheckedChange={(yearly) => set('yearly', yearly)} />
      <div className={styles.dates}>
        <DateField label={t('upkeep.tasks.addFrom')} value={draft.from} onChange={(from) => set('from', from)} error={errorOf('from')} required />
        <DateField label={t('upkeep.tasks.addTo')} value={draft.to} onChange={(to) => set('to', to)} error={errorOf('to')} required />
      </div>
      {admin ? <Select label={t('upkeep.tasks.addAssignee')} options={options} value={draft.assignee} onValueChange={(assignee) => set('assignee', assignee)} /> : null}
      <FileButton label={t('upkeep.tasks.addPhoto')} accept="image/*" file={photo} onChange={setPhoto} />
      {children}
    </form>
  );
}
