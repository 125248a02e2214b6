/** Resolves in a task after the one that asks: to cut a long piece of work between tasks. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs `start` in a task of its own, after the one that asked: for an effect's work that the
 * first paint does not need (opening IndexedDB, joining the live stream), so that it does not
 * lengthen the task that runs every effect of a new screen. Returns the effect's cleanup: it
 * cancels a start that has not run yet, or undoes the one that has.
 */
export function inNextTask(start: () => (() => void) | void): () => void {
  let stop: (() => void) | void;
  let started = false;
  const timer = setTimeout(() => {
    started = true;
    stop = start();
  }, 0);
  return () => {
    if (started) stop?.();
    else clearTimeout(timer);
  };
}
