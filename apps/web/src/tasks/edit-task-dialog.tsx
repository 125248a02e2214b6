import { useId, useState } from 'react';
import { formatDisplayDate, type Task, type TaskInput } from '@rustico/core';
import { staleEditOf } from '../lib/api.ts';
import { errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogActions } from '../ui/dialog.tsx';
import { StaleEdit } from '../ui/stale-edit.tsx';
import { useToast } from '../ui/toast-context.ts';
import { useChangeTask } from './queries.ts';
import { draftOf, TaskForm, type TaskDraft, type TaskFormError } from './task-form.tsx';

interface Stale {
  current: Task;
  changedByName: string | null;
  changedAt: string | null;
  input: TaskInput;
  photo: File | null;
}

const windowText = (task: { from: string; to: string; yearly: boolean }) =>
  `${t('upkeep.tasks.window', { from: formatDisplayDate(task.from), to: formatDisplayDate(task.to) })}${task.yearly ? ` · ${t('upkeep.tasks.yearly')}` : ''}`;

/**
 * Changing a task (its author or an admin). Saved on the version it was opened on: when someone
 * changed it meanwhile, their values stand beside these and the person chooses.
 */
export function EditTaskDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const change = useChangeTask();
  const { toast } = useToast();
  const formId = useId();
  const [version, setVersion] = useState(task.version);
  // What was typed: the form shows it again if it comes back after a conflict.
  const [draft, setDraft] = useState<TaskDraft>(() => draftOf(task));
  const [error, setError] = useState<TaskFormError | null>(null);
  const [stale, setStale] = useState<Stale | null>(null);

  const save = (input: TaskInput, photo: File | null, onVersion: number) =>
    change.mutate(
      { id: task.id, version: onVersion, input, photo },
      {
        onSuccess: () => {
          toast({ title: t('upkeep.tasks.saved') });
          onClose();
        },
        onError: (failure) => {
          const refused = staleEditOf<Task>(failure);
          if (refused) setStale({ ...refused, input, photo });
          else setError({ field: (failure as { field?: string }).field ?? 'title', text: errorText(failure) });
        },
      },
    );

  const title = t('upkeep.tasks.editTitle');
  if (stale) {
    const { current, input } = stale;
    const rows = [
      { label: t('upkeep.tasks.addTitle'), theirs: current.title, mine: input.title },
      { label: t('upkeep.tasks.addNote'), theirs: current.note ?? '–', mine: input.note ?? '–' },
      { label: t('upkeep.tasks.when'), theirs: windowText(current), mine: windowText(input) },
    ];
    return (
      <Dialog open onOpenChange={(open) => !open && onClose()} title={title}>
        <StaleEdit
          changedByName={stale.changedByName}
          changedAt={stale.changedAt}
          rows={rows}
          applying={change.isPending}
          onKeepTheirs={onClose}
          onApplyMine={() => {
            setVersion(current.version);
            setStale(null);
            save(stale.input, stale.photo, current.version);
          }}
        />
      </Dialog>
    );
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      actions={
        <DialogActions>
          <Button type="submit" form={formId} loading={change.isPending}>
            {t('upkeep.tasks.saveChanges')}
          </Button>
        </DialogActions>
      }
    >
      <TaskForm id={formId} initial={draft} error={error} onClearError={() => setError(null)} onSubmit={(input, photo, typed) => {
          setDraft(typed);
          save(input, photo, version);
        }}
      />
    </Dialog>
  );
}
