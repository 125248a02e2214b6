import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  NOTES_PAGE_SIZE,
  type latestNoteSchema,
  type noteResponseSchema,
  type notesPageSchema,
  type Note,
  type NoteInput,
} from '@rustico/core';
import type { z } from 'zod';
import { LOADED_BEFORE_MOUNT } from '../lib/first-data.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { api, ifMatch, type Answer } from '../lib/api.ts';
import { sendOrQueue } from '../offline/outbox.ts';
import { FIRST_DATA } from '../lib/api-paths.ts';

type NotesPage = z.infer<typeof notesPageSchema>;

/**
 * Every notes query lives under ['notes'], so one invalidation of
 * `noteKeys.all` (a live `note` or `user` event) refreshes the board and the
 * Home card.
 */
export const noteKeys = {
  all: ['notes'] as const,
  list: () => [...noteKeys.all, 'list'] as const,
  latest: () => [...noteKeys.all, 'latest'] as const,
};

/** The board, newest first, a page at a time ('Carica altre' asks for the next). */
export function useNotes() {
  return useInfiniteQuery({
    queryKey: noteKeys.list(),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(NOTES_PAGE_SIZE) });
      if (pageParam) query.set('before', pageParam);
      return api.get<Answer<typeof notesPageSchema>>(`/notes?${query.toString()}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The newest note (Home card); null when nobody has written one. */
/** The newest note (Home's card): Home's loader asks before the card mounts; live events keep it fresh after. */
export const latestNoteQuery = queryOptions({
  queryKey: noteKeys.latest(),
  queryFn: ({ signal }) => api.get<Answer<typeof latestNoteSchema>>(FIRST_DATA.latestNote, { signal }).then((data) => data.note),
  staleTime: LOADED_BEFORE_MOUNT,
});

export function useLatestNote() {
  return useQuery(latestNoteQuery);
}

type Snapshot = ReturnType<QueryClient['getQueriesData']>;

/** Applies `change` to the note with `id` wherever it is cached (board pages and Home card). */
function updateCachedNote(queryClient: QueryClient, id: string, change: (note: Note) => Note): void {
  queryClient.setQueryData<InfiniteData<NotesPage>>(noteKeys.list(), (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, notes: page.notes.map((n) => (n.id === id ? change(n) : n)) })) }
      : data,
  );
  queryClient.setQueryData<Note | null>(noteKeys.latest(), (note) => (note && note.id === id ? change(note) : note));
}

function snapshot(queryClient: QueryClient): Snapshot {
  return queryClient.getQueriesData({ queryKey: noteKeys.all });
}

function restore(queryClient: QueryClient, saved: Snapshot): void {
  for (const [key, data] of saved) queryClient.setQueryData(key, data);
}

export function useCreateNote() {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  return useMutation({
    // Offline the note waits on the phone (null here) and appears when the outbox is sent.
    mutationFn: (input: NoteInput) =>
      sendOrQueue<Answer<typeof noteResponseSchema>>({ userId: user.id, kind: 'note', method: 'POST', path: '/notes', body: input }).then((outcome) =>
        outcome.queued ? null : outcome.data.note,
      ),
    onSuccess: (note) => {
      if (!note) return;
      // Shown at once; the refetch (and the live event) bring the server's order.
      queryClient.setQueryData<InfiniteData<NotesPage>>(noteKeys.list(), (data) => {
        if (!data || data.pages.length === 0) return data;
        const [first, ...rest] = data.pages;
        if (first!.notes.some((n) => n.id === note.id)) return data;
        return { ...data, pages: [{ ...first!, notes: [note, ...first!.notes] }, ...rest] };
      });
      queryClient.setQueryData(noteKeys.latest(), note);
      void queryClient.invalidateQueries({ queryKey: noteKeys.all });
    },
  });
}

export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => api.delete(`/notes/${encodeURIComponent(id)}`, ifMatch(version)),
    onSuccess: (_result, { id }) => {
      queryClient.setQueryData<InfiniteData<NotesPage>>(noteKeys.list(), (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, notes: page.notes.filter((n) => n.id !== id) })) } : data,
      );
      void queryClient.invalidateQueries({ queryKey: noteKeys.all });
    },
  });
}

/** Thumbs-up on or off, shown at once and rolled back if the server refuses. */
export function useToggleReaction() {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  return useMutation({
    // Offline the thumbs-up stays as shown and waits on the phone (null here).
    mutationFn: ({ id, on }: { id: string; on: boolean }) =>
      sendOrQueue<Answer<typeof noteResponseSchema>>({
        userId: user.id,
        kind: on ? 'reaction' : 'unreaction',
        method: on ? 'PUT' : 'DELETE',
        path: `/notes/${encodeURIComponent(id)}/reactions/me`,
        body: on ? {} : undefined,
      }).then((outcome) => (outcome.queued ? null : outcome.data.note)),
    onMutate: async ({ id, on }) => {
      // A refetch in flight would overwrite the optimistic change; onSettled refetches.
      await queryClient.cancelQueries({ queryKey: noteKeys.all, predicate: (query) => query.state.data !== undefined });
      const saved = snapshot(queryClient);
      updateCachedNote(queryClient, id, (note) =>
        note.reactedByMe === on ? note : { ...note, reactedByMe: on, reactionCount: Math.max(0, note.reactionCount + (on ? 1 : -1)) },
      );
      return { saved };
    },
    onError: (_error, _input, context) => {
      if (context) restore(queryClient, context.saved);
    },
    onSuccess: (note) => {
      if (note) updateCachedNote(queryClient, note.id, () => note);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: noteKeys.all });
    },
  });
}
