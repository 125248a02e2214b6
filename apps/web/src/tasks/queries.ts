import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Task, TaskInput, taskListSchema, taskResponseSchema, toKnowSchema } from '@rustico/core';
import { useCurrentUser } from '../auth/queries.ts';
import { api, ifMatch, upload, type Answer } from '../lib/api.ts';
import { FIRST_DATA } from '../lib/api-paths.ts';
import { LOADED_BEFORE_MOUNT } from '../lib/first-data.ts';
import { sendOrQueue } from '../offline/outbox.ts';
import { upkeepKey } from '../supplies/queries.ts';

export const taskKeys = {
  all: [...upkeepKey, 'tasks'] as const,
  toKnow: [...upkeepKey, 'to-know'] as const,
};

export function useTasks() {
  return useQuery({
    queryKey: taskKeys.all,
    queryFn: ({ signal }) => api.get<Answer<typeof taskListSchema>>('/tasks', { signal }).then((data) => data.tasks),
  });
}

/** Home's «Da sapere»: empty until the day before my next arrival. */
export const toKnowQuery = queryOptions({
  queryKey: taskKeys.toKnow,
  queryFn: ({ signal }) => api.get<Answer<typeof toKnowSchema>>(FIRST_DATA.toKnow, { signal }),
  // Home's loader (or the page itself) has just brought it: the card does not ask again as it mounts.
  staleTime: LOADED_BEFORE_MOUNT,
});

export function useToKnow() {
  return useQuery(toKnowQuery);
}

/** The browser's type for a photo; the server still decides by the content. */
const photoType = (file: File) => (file.type.startsWith('image/') ? file.type : 'application/octet-stream');

export function uploadTaskPhoto(id: string, file: File): Promise<Task> {
  return upload<Answer<typeof taskResponseSchema>>('PUT', `/tasks/${encodeURIComponent(id)}/photo`, file, photoType(file)).then((data) => data.task);
}

function useUpkeepChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: upkeepKey });
}

export function useAddTask() {
  const changed = useUpkeepChanged();
  return useMutation({
    mutationFn: async ({ input, photo }: { input: TaskInput; photo: File | null }) => {
      const task = (await api.post<Answer<typeof taskResponseSchema>>('/tasks', input)).task;
      return photo ? uploadTaskPhoto(task.id, photo) : task;
    },
    onSettled: changed,
  });
}

/** A task changed on the version it was opened on (a newer one: 409 STALE_EDIT); a new photo follows. */
export function useChangeTask() {
  const changed = useUpkeepChanged();
  return useMutation({
    mutationFn: async ({ id, version, input, photo }: { id: string; version: number; input: TaskInput; photo: File | null }) => {
      const task = (await api.put<Answer<typeof taskResponseSchema>>(`/tasks/${encodeURIComponent(id)}`, input, ifMatch(version))).task;
      return photo ? uploadTaskPhoto(task.id, photo) : task;
    },
    onSettled: changed,
  });
}

/**
 * «Fatto»: sent now or kept in the outbox (at the house without signal). Its photo needs the
 * network: it follows the answer, and is left out when the write waits.
 */
export function useCompleteTask() {
  const user = useCurrentUser();
  const changed = useUpkeepChanged();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ task, note, photo }: { task: Task; note: string; photo: File | null }) => {
      const outcome = await sendOrQueue<Answer<typeof taskResponseSchema> & { completionId: string }>({
        userId: user.id,
        kind: 'task-done',
        method: 'POST',
        path: `/tasks/${encodeURIComponent(task.id)}/done`,
        body: note ? { note } : {},
      });
      if (outcome.queued) return { queued: true as const };
      if (photo) await upload('PUT', `/task-completions/${encodeURIComponent(outcome.data.completionId)}/photo`, photo, photoType(photo));
      return { queued: false as const, task: outcome.data.task };
    },
    onMutate: ({ task }) => {
      // Shown done at once: a one-off task leaves the list, a yearly one waits for its next window.
      if (!task.yearly) queryClient.setQueryData<Task[]>(taskKeys.all, (list) => list?.map((item) => (item.id === task.id ? { ...item, done: true } : item)));
    },
    onSettled: changed,
  });
}

export function useDeleteTask() {
  const changed = useUpkeepChanged();
  return useMutation({
    mutationFn: (task: Task) => api.delete(`/tasks/${encodeURIComponent(task.id)}`, { headers: { 'If-Match': String(task.version) } }),
    onSettled: changed,
  });
}
