/**
 * API paths a screen's first paint waits for, named once: the query that asks for each, and
 * route-modules.ts, whose first data must name the same address for the query to take the answer
 * the page carries. Plain strings, so the build (vite.config.ts, in Node) can read them too.
 */
export const FIRST_DATA = {
  openStays: '/stays/open',
  notices: '/notices',
  undeliveredReminders: '/reminders/undelivered',
  toKnow: '/to-know',
  pendingRequests: '/booking-requests',
  turnRounds: '/turns',
  notificationSettings: '/profile/notifications',
  nextBooking: '/bookings/next',
  latestNote: '/notes/latest',
  weather: '/weather',
  houseLetter: '/content/welcome',
  houseRules: '/house/rules',
} as const;

/** The bookings touching the days from `from` to `to` (IsoDates: nothing in them to encode). */
export const bookingsBetweenAddress = (from: string, to: string) => `/bookings?from=${from}&to=${to}`;

/** A member's quota in a year (a member id is a UUID: nothing in it to encode). */
export const quotaAddress = (memberId: string, year: number | string) => `/quota?year=${year}&memberId=${memberId}`;

/**
 * What the server puts in a preloaded address for the page it sends (http/web-app.ts): the
 * member whose session asks, and the month the calendar opens on (its `mese`, else the house's
 * today) with the first and last day of its grid.
 */
export const PAGE_SLOTS = {
  memberId: '{memberId}',
  monthYear: '{monthYear}',
  monthGridStart: '{monthGridStart}',
  monthGridEnd: '{monthGridEnd}',
} as const;

/** The address the browser asks for: the api client's prefix and the path. */
export const apiAddress = (path: string) => `/api${path}`;
