import { useState, type FormEvent } from 'react';
import { ClipboardList, History } from 'lucide-react';
import { formatDisplayDate, isAdmin, type IsoDate } from '@rustico/core';
import { useCurrentUser } from '../auth/queries.ts';
import { config } from '../lib/config.ts';
import { errorText } from '../lib/error-text.ts';
import { houseToday } from '../lib/house-today.ts';
import { t } from '../lib/i18n.ts';
import { useMembers } from '../members/queries.ts';
import { useOutboxEntries } from '../offline/use-outbox.ts';
import { Actions } from '../ui/actions.tsx';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { DateField } from '../ui/date-field.tsx';
import { Loading } from '../ui/loading.tsx';
import { Page } from '../ui/page.tsx';
import { Select } from '../ui/select.tsx';
import { Switch } from '../ui/switch.tsx';
import { FileButton } from '../ui/file-button.tsx';
import { TextField } from '../ui/text-field.tsx';
import { useToast } from '../ui/toast-context.ts';
import { useAddTask, useTasks } from './queries.ts';
import { TaskItem } from './task-item.tsx';
import styles from './tasks.module.css';

const ANYONE = 'anyone';

/** /app/lavori: open tasks by their window, the latest done, and a new task. */
export function TasksPage() {
  const tasks = useTasks();
  const user = useCurrentUser();
  // «Fatto» without signal waits in the outbox: the task shows «In attesa» until it is sent.
  const waiting = new Set(
    useOutboxEntries(user.id)
      .filter((entry) => entry.kind === 'task-done' && !entry.refusal)
      .map((entry) => decodeURIComponent(/^\/tasks\/([^/]+)\/done$/.exec(entry.path)?.[1] ?? '')),
  );
  const open = tasks.data?.filter((task) => !task.done) ?? [];
  const done = tasks.data?.filter((task) => task.done) ?? [];
  return (
    <Page title={t('upkeep.tasks.title')} titleSuffix={config.houseName} lead={t('upkeep.tasks.lead')}>
      <div className={styles.stack}>
        <Card title={t('upkeep.tasks.open')} icon={<ClipboardList size={20} />} aria-busy={tasks.isPending || undefined}>
          {tasks.isPending ? (
            <Loading />
          ) : tasks.isError ? (
            <p className={styles.muted}>{errorText(tasks.error)}</p>
          ) : open.length === 0 ? (
            <p className={styles.muted}>{t('upkeep.tasks.empty')}</p>
          ) : (
            <ul className={styles.list} aria-label={t('upkeep.tasks.open')}>
              {open.map((task) => (
                <TaskItem key={task.id} task={task} waiting={waiting.has(task.id)} />
              ))}
            </ul>
          )}
        </Card>
        <AddTask />
        {done.length > 0 ? (
          <Card title={t('upkeep.tasks.done')} icon={<History size={20} />}>
            <ul className={styles.list} aria-label={t('upkeep.tasks.done')}>
              {done.map((task) => (
                <li key={task.id} className={styles.task}>
                  <h3 className={styles.title}>{task.title}</h3>
                  {task.lastDone ? (
                    <p className={styles.muted}>{t('upkeep.tasks.doneBy', { name: task.lastDone.byName ?? '', date: formatDisplayDate(task.lastDone.at.slice(0, 10)) })}</p>
                  ) : null}
                </li>
              ))}
            </ul>
          </Card>
        ) : null}
      </div>
    </Page>
  );
}

function AddTask() {
  const user = useCurrentUser();
  const admin = isAdmin(user.role);
  const members = useMembers(admin);
  const add = useAddTask();
  const { toast } = useToast();
  const [title, setTitle] = useState('');
  const [note, setNote] = useState('');
  const [yearly, setYearly] = useState(false);
  const [from, setFrom] = useState<IsoDate | null>(houseToday());
  const [to, setTo] = useState<IsoDate | null>(null);
  const [assignee, setAssignee] = useState(ANYONE);
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<{ field: string; text: string } | null>(null);
  const [formKey, setFormKey] = useState(0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to) {
      setError({ field: from ? 'to' : 'from', text: t('form.required') });
      return;
    }
    const input = { title, ...(note ? { note } : {}), yearly, from, to, ...(assignee === ANYONE ? {} : { assigneeId: assignee }) };
    add.mutate(
      { input, photo },
      {
        onSuccess: () => {
          toast({ title: t('upkeep.tasks.added') });
          setTitle('');
          setNote('');
          setYearly(false);
          setTo(null);
          setPhoto(null);
          setFormKey((key) => key + 1);
        },
        onError: (failure) => setError({ field: (failure as { field?: string }).field ?? 'title', text: errorText(failure) }),
      },
    );
  };
  const errorOf = (field: string) => (error?.field === field ? error.text : undefined);
  const options = [{ value: ANYONE, label: t('upkeep.tasks.anyone') }, ...(members.data ?? []).filter((member) => !member.disabled).map((member) => ({ value: member.id, label: member.name }))];
  return (
    <Card title={t('upkeep.tasks.add')}>
      <form key={formKey} className={styles.form} onSubmit={submit} noValidate>
        <TextField label={t('upkeep.tasks.addTitle')} value={title} maxLength={120} autoComplete="off" error={errorOf('title')} onClearError={() => setError(null)} onChange={(event) => setTitle(event.target.value)} />
        <TextField label={t('upkeep.tasks.addNote')} value={note} maxLength={4000} autoComplete="off" error={errorOf('note')} onClearError={() => setError(null)} onChange={(event) => setNote(event.target.value)} />
        <Switch label={t('upkeep.tasks.addYearly')} checked={yearly} onCheckedChange={setYearly} />
        <div className={styles.dates}>
          <DateField label={t('upkeep.tasks.addFrom')} value={from} onChange={setFrom} error={errorOf('from')} required />
          <DateField label={t('upkeep.tasks.addTo')} value={to} onChange={setTo} error={errorOf('to')} required />
        </div>
        {admin ? <Select label={t('upkeep.tasks.addAssignee')} options={options} value={assignee} onValueChange={setAssignee} /> : null}
        <FileButton label={t('upkeep.tasks.addPhoto')} accept="image/*" file={photo} onChange={setPhoto} />
        <Actions end>
          <Button type="submit" loading={add.isPending}>
            {t('upkeep.tasks.save')}
          </Button>
        </Actions>
      </form>
    </Card>
  );
}

export { TasksPage as Component };
