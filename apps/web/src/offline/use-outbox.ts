import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { inNextTask } from '../lib/next-task.ts';
import { flushOutbox } from './flush.ts';
import { onOutboxChange, outboxEntries, type OutboxEntry } from './outbox-store.ts';
import { justSynced, outboxCounts, type OutboxCounts } from './sync-state.ts';

/** While writes wait, try again this often (the `online` event is not reliable on every phone). */
const RETRY_EVERY_MS = 15_000;
/** How long "Sincronizzato" stays after the last waiting write went out. */
const SYNCED_SHOWN_MS = 4_000;

/** The member's entries in the outbox, read again whenever any tab or the worker changes it. */
export function useOutboxEntries(userId: string): OutboxEntry[] {
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  useEffect(
    () =>
      inNextTask(() => {
        let live = true;
        // An empty outbox read again keeps the same list: every screen mounts this, and a new empty
        // array would draw the screen a second time just after its first paint.
        const keep = (list: OutboxEntry[]) => setEntries((before) => (before.length === 0 && list.length === 0 ? before : list));
        const read = () => void outboxEntries(userId).then((list) => live && keep(list), () => undefined);
        read();
        const stop = onOutboxChange(read);
        // This tab's own writes: BroadcastChannel does not echo to the sender.
        window.addEventListener('rustico-outbox', read);
        return () => {
          live = false;
          stop();
          window.removeEventListener('rustico-outbox', read);
        };
      }),
    [userId],
  );
  return entries;
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
    () => navigator.onLine,
  );
}

/**
 * Sends the outbox when the app opens, when the network comes back and every few seconds while
 * something waits; refreshes what the sent writes changed. Returns whether the last waiting write
 * just went out (for "Sincronizzato").
 */
export function useOutboxSync(userId: string): { entries: OutboxEntry[]; online: boolean; synced: boolean } {
  const queryClient = useQueryClient();
  const entries = useOutboxEntries(userId);
  const online = useOnline();
  const [synced, setSynced] = useState(false);
  const running = useRef(false);
  const { waiting, refused } = outboxCounts(entries);

  const flush = useCallback(async () => {
    if (running.current || !navigator.onLine) return;
    running.current = true;
    try {
      const result = await flushOutbox();
      if (result.sent.length > 0 || result.refused.length > 0) await queryClient.invalidateQueries();
    } finally {
      running.current = false;
    }
  }, [queryClient]);

  useEffect(
    () =>
      inNextTask(() => {
        void flush();
        const onOnline = () => void flush();
        window.addEventListener('online', onOnline);
        // The worker's Background Sync sent something: show it here too.
        const stop = onOutboxChange(() => void queryClient.invalidateQueries());
        return () => {
          window.removeEventListener('online', onOnline);
          stop();
        };
      }),
    [flush, queryClient],
  );

  useEffect(() => {
    if (waiting === 0) return;
    const timer = window.setInterval(() => void flush(), RETRY_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [waiting, flush]);

  const before = useRef<OutboxCounts>({ waiting: 0, refused: 0 });
  useEffect(() => {
    if (justSynced(before.current, { waiting, refused })) setSynced(true);
    before.current = { waiting, refused };
  }, [waiting, refused]);

  useEffect(() => {
    if (!synced) return;
    const timer = window.setTimeout(() => setSynced(false), SYNCED_SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [synced]);

  return { entries, online, synced: synced && waiting === 0 };
}
