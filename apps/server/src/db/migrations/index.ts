import type { Migration } from 'kysely';
import * as accounts from './2026-11-21-0001-accounts.ts';
import * as bookings from './2026-11-21-0002-bookings.ts';
import * as staysAndNotes from './2026-11-21-0003-stays-and-notes.ts';
import * as push from './2026-11-21-0004-push.ts';
import * as calendarFeeds from './2026-11-21-0005-calendar-feeds.ts';

/** Every migration in order; the key is its permanent name in the migration table. */
export const migrations: Record<string, Migration> = {
  '2026-11-21-0001-accounts': accounts,
  '2026-11-21-0002-bookings': bookings,
  '2026-11-21-0003-stays-and-notes': staysAndNotes,
  '2026-11-21-0004-push': push,
  '2026-11-21-0005-calendar-feeds': calendarFeeds,
};
