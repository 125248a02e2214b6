import type { AppContext } from '../context.ts';
import { runTurnNotices } from './service.ts';

const EVERY_MS = 60_000;

/**
 * Once a minute, announces the turns the clock started (a window ran out). The queue
 * itself is computed from stored moments on every read, so this only sends the push
 * and the live notice; every process may run it, the notice's key keeps it single.
 */
export function startTurnScheduler(ctx: AppContext): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const announced = await runTurnNotices(ctx);
      if (announced > 0) ctx.log.info({ announced }, 'turns announced');
    } catch (error) {
      ctx.log.error({ err: error }, 'turn notices failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
