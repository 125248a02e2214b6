/**
 * How long an answer a loader asked for stays fresh: the screen's queries take it on mount
 * instead of asking again. Live events (lib/events.ts) keep it fresh after.
 */
export const LOADED_BEFORE_MOUNT = 10_000;

/** How long a screen's first render waits for its data at most (offline, for the network that is not there). */
const FIRST_DATA_WAIT_MS = 2_000;

/**
 * Waits, at most `ms`, until every request has settled (failures included): a screen's loader
 * lets its first render wait for its data, so the screen is drawn once with it. Each answer
 * arriving after the first render drew its part again in a synchronous render, a long task
 * just after the first paint; offline or with a slow server the screen still comes.
 */
export function firstData(loading: readonly Promise<unknown>[], ms = FIRST_DATA_WAIT_MS): Promise<void> {
  const settled = Promise.all(loading.map((each) => each.catch(() => undefined)));
  return Promise.race([settled.then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, ms))]);
}
