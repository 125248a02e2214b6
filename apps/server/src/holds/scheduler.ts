import type { AppContext } from '../context.ts';
import { runHoldUpkeep } from './service.ts';

const EVERY_MS = 60_000;

/**
 * Once a minute, ends the holds whose moment passed (their history, the waitlist, the tabs) and
 * reminds owners in a hold's last day. A hold past its moment is no hold for any read before this
 * runs; every process may run it, the claims in the database keep each end and reminder single.
 */
export function startHoldScheduler(ctx: AppContext): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const done = await runHoldUpkeep(ctx);
      if (done.expired + done.reminded > 0) ctx.log.info(done, 'holds ended or reminded');
    } catch (error) {
      ctx.log.error({ err: error }, 'hold upkeep failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
