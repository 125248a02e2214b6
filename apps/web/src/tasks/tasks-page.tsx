import { useState } from 'react';
import { ClipboardList, History } from 'lucide-react';
import type { TaskInput } from '@rustico/core';
import { useCurrentUser } from '../auth/queries.ts';
import { config } from '../lib/config.ts';
import { errorText } from '../lib/error-text.ts';
import { houseToday } from '../lib/house-today.ts';
import { t } from '../lib/i18n.ts';
import { useOutboxEntries } from '../offline/use-outbox.ts';
import { Actions } from '../ui/actions.tsx';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Loading } from '../ui/loading.tsx';
import { Page } from '../ui/page.tsx';
import { useToast } from '../ui/toast-context.ts';
import { useAddTask, useTasks } from './queries.ts';
import { emptyDraft, TaskForm, type TaskFormError } from './task-form.tsx';
import { doneText, TaskItem } from './task-item.tsx';
import styles from './tasks.module.css';

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
                    <p className={styles.muted}>{doneText(task.lastDone)}</p>
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
  const add = useAddTask();
  const { toast } = useToast();
  const [error, setError] = useState<TaskFormError | null>(null);
  // A new form after each task added: empty fields, today as the first day.
  const [formKey, setFormKey] = useState(0);
  const submit = (input: TaskInput, photo: File | null) =>
    add.mutate(
      { input, photo },
      {
        onSuccess: () => {
          toast({ title: t('upkeep.tasks.added') });
          setFormKey((key) => key + 1);
        },
        onError: (failure) => setError({ field: (failure as { field?: string }).field ?? 'title', text: errorText(failure) }),
      },
    );
  return (
    <Card title={t('upkeep.tasks.add')}>
      <TaskForm key={formKey} initial={emptyDraft(houseToday())} error={error} onClearError={() => setError(null)} onSubmit={submit}>
        <Actions end>
          <Button type="submit" loading={add.isPending}>
            {t('upkeep.tasks.save')}
          </Button>
        </Actions>
      </TaskForm>
    </Card>
  );
}

export { TasksPage as Component };
