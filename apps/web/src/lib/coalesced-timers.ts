import type { TimeoutCallback, TimeoutProvider } from '@tanstack/react-query';

/** The platform's clock, timers and microtasks; tests pass fake ones. */
export interface Platform {
  now: () => number;
  setTimeout: (callback: () => void, delay: number) => unknown;
  clearTimeout: (id: unknown) => void;
  queueMicrotask: (callback: () => void) => void;
}

const browser: Platform = {
  now: () => performance.now(),
  setTimeout: (callback, delay) => setTimeout(callback, delay),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  queueMicrotask: (callback) => queueMicrotask(callback),
};

interface Timer {
  due: number;
  callback: TimeoutCallback;
  /** Set for an interval: it runs again this many milliseconds later. */
  every?: number;
}

/**
 * TanStack Query keeps a timer for every query and observer (stale time, garbage collection,
 * retries, refetch intervals): forty-odd set and cleared while a screen first renders, each a call
 * into the browser on the main thread. These timers share one platform timer, set for the earliest
 * deadline; every callback still runs at its own time, in order. Query's `timeoutManager` documents
 * such a provider for this purpose.
 */
export function coalescedTimers(platform: Platform = browser): TimeoutProvider<number> {
  const timers = new Map<number, Timer>();
  let lastId = 0;
  let armed: { id: unknown; due: number } | null = null;
  let planned = false;

  // Once per task, after every timer it set: the platform timer is set (or moved earlier) once,
  // not for each of the forty. Cleared timers are not looked for: the platform timer then fires
  // early, finds nothing due and sets itself for what is left.
  const arm = () => {
    planned = false;
    let next = Infinity;
    for (const timer of timers.values()) next = Math.min(next, timer.due);
    if (next === Infinity || (armed && armed.due <= next)) return;
    if (armed) platform.clearTimeout(armed.id);
    armed = { id: platform.setTimeout(fire, Math.max(0, next - platform.now())), due: next };
  };
  const plan = () => {
    if (planned) return;
    planned = true;
    platform.queueMicrotask(arm);
  };

  const fire = () => {
    armed = null;
    const now = platform.now();
    const due = [...timers].filter(([, timer]) => timer.due <= now).sort(([, a], [, b]) => a.due - b.due);
    for (const [id, timer] of due) {
      // An earlier callback may have cleared this one.
      if (timers.get(id) !== timer) continue;
      if (timer.every === undefined) timers.delete(id);
      // An interval keeps its beat; one that fell behind (a sleeping tab) starts a new one from now.
      else timer.due = timer.due + timer.every > now ? timer.due + timer.every : now + timer.every;
      try {
        timer.callback();
      } catch (error) {
        // The other callbacks still run; the error is reported as a timer's own would be.
        platform.setTimeout(() => {
          throw error;
        }, 0);
      }
    }
    arm();
  };

  const add = (callback: TimeoutCallback, delay: number, every?: number) => {
    const id = ++lastId;
    const timer: Timer = { due: platform.now() + Math.max(0, delay), callback, ...(every === undefined ? {} : { every: Math.max(1, every) }) };
    timers.set(id, timer);
    if (!armed || timer.due < armed.due) plan();
    return id;
  };
  const clear = (id: number | undefined) => {
    if (id !== undefined) timers.delete(id);
  };

  return {
    setTimeout: (callback, delay) => add(callback, delay),
    clearTimeout: clear,
    setInterval: (callback, delay) => add(callback, delay, delay),
    clearInterval: clear,
  };
}
