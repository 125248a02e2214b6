/**
 * API paths a screen's first paint waits for, named once: the query that asks for each, and
 * route-modules.ts, whose preload must carry the same address for the query to take its answer.
 * Plain strings, so the build (vite.config.ts, in Node) can read them too.
 */
export const FIRST_DATA = {
  openStays: '/stays/open',
  notices: '/notices',
  pendingRequests: '/booking-requests',
  turnRounds: '/turns',
  notificationSettings: '/profile/notifications',
  nextBooking: '/bookings/next',
  latestNote: '/notes/latest',
  weather: '/weather',
} as const;

/** The address the browser asks for: the api client's prefix and the path. */
export const apiAddress = (path: string) => `/api${path}`;
