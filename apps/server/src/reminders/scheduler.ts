import type { AppContext } from '../context.ts';
import { runReminders } from './service.ts';

/**
 * Runs the reminders every few minutes (REMINDERS_EVERY_MINUTES) and once shortly after
 * the start. Every process may run it: the claims in the database keep each message single.
 */
export function startReminderScheduler(ctx: AppContext): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const outcomes = await runReminders(ctx, ctx.now());
      const sent = outcomes.filter((o) => o.result === 'sent');
      if (sent.length > 0) ctx.log.info({ sent: sent.map((o) => `${o.what} → ${o.to}`) }, 'reminders sent');
    } catch (error) {
      ctx.log.error({ err: error }, 'reminders failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), 10_000);
  const timer = setInterval(() => void tick(), ctx.config.remindersEveryMinutes * 60_000);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
