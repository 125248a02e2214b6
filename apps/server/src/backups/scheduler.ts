import type { AppContext } from '../context.ts';
import { isPostgres } from '../db/database.ts';
import { checkBackupsFresh, runDailyBackup } from './service.ts';

const EVERY_MS = 5 * 60_000;

/**
 * Looks every five minutes (and a minute after the start) whether the day's backup is due, and
 * whether one has been missing for 36 hours. SQLite only: on PostgreSQL the database's own
 * tools back it up. Every process may run it: the day's claim keeps the backup single.
 */
export function startBackupScheduler(ctx: AppContext): () => void {
  if (isPostgres(ctx.db)) return () => undefined;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const at = ctx.now();
      await runDailyBackup(ctx, at);
      await checkBackupsFresh(ctx, at);
    } catch (error) {
      ctx.log.error({ err: error }, 'backup check failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), 60_000);
  const timer = setInterval(() => void tick(), EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
