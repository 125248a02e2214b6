import type { Migration } from 'kysely';
import * as accounts from './2026-11-21-0001-accounts.ts';
import * as bookings from './2026-11-21-0002-bookings.ts';
import * as staysAndNotes from './2026-11-21-0003-stays-and-notes.ts';
import * as push from './2026-11-21-0004-push.ts';
import * as calendarFeeds from './2026-11-21-0005-calendar-feeds.ts';
import * as files from './2026-11-23-1001-files.ts';
import * as fairBooking from './2026-11-23-1101-fair-booking.ts';
import * as expenses from './2026-11-23-1201-expenses.ts';
import * as idempotencyKeys from './2026-11-23-1301-idempotency-keys.ts';
import * as mailAndReminders from './2026-11-23-1401-mail-and-reminders.ts';
import * as hardening from './2026-11-23-1701-hardening.ts';
import * as userLanguage from './2026-11-23-1901-user-language.ts';
import * as bookingCreator from './2026-11-23-1902-booking-creator.ts';
import * as historyOrder from './2026-11-24-1001-history-order.ts';
import * as monthByEnd from './2026-11-25-1001-month-by-end.ts';
import * as listsVersion from './2026-11-26-1001-lists-version.ts';
import * as idempotencyApplied from './2026-11-28-3901-idempotency-applied.ts';
import * as rateLimits from './2026-11-28-3902-rate-limits.ts';
import * as fileOwners from './2026-11-28-3903-file-owners.ts';
import * as versions from './2026-11-28-3801-versions.ts';
import * as history from './2026-11-28-3802-history.ts';
import * as pendingNotices from './2026-11-28-4101-pending-notices.ts';
import * as undeliverable from './2026-11-28-4131-undeliverable.ts';
import * as passkeys from './2026-11-28-4501-passkeys.ts';
import * as sessionLanguage from './2026-11-28-4104-session-language.ts';
import * as upkeep from './2026-11-28-4201-upkeep.ts';
import * as backups from './2026-11-28-4401-backups.ts';
import * as holds from './2026-12-07-4301-holds.ts';
import * as swaps from './2026-12-07-4311-swaps.ts';

/** Every migration in order; the key is its permanent name in the migration table. */
export const migrations: Record<string, Migration> = {
  '2026-11-21-0001-accounts': accounts,
  '2026-11-21-0002-bookings': bookings,
  '2026-11-21-0003-stays-and-notes': staysAndNotes,
  '2026-11-21-0004-push': push,
  '2026-11-21-0005-calendar-feeds': calendarFeeds,
  '2026-11-23-1001-files': files,
  '2026-11-23-1101-fair-booking': fairBooking,
  '2026-11-23-1201-expenses': expenses,
  '2026-11-23-1301-idempotency-keys': idempotencyKeys,
  '2026-11-23-1401-mail-and-reminders': mailAndReminders,
  '2026-11-23-1701-hardening': hardening,
  '2026-11-23-1901-user-language': userLanguage,
  '2026-11-23-1902-booking-creator': bookingCreator,
  '2026-11-24-1001-history-order': historyOrder,
  '2026-11-25-1001-month-by-end': monthByEnd,
  '2026-11-26-1001-lists-version': listsVersion,
  '2026-11-28-3901-idempotency-applied': idempotencyApplied,
  '2026-11-28-3902-rate-limits': rateLimits,
  '2026-11-28-3903-file-owners': fileOwners,
  '2026-11-28-3801-versions': versions,
  '2026-11-28-3802-history': history,
  '2026-11-28-4101-pending-notices': pendingNotices,
  '2026-11-28-4131-undeliverable': undeliverable,
  '2026-11-28-4501-passkeys': passkeys,
  '2026-11-28-4104-session-language': sessionLanguage,
  '2026-11-28-4201-upkeep': upkeep,
  '2026-11-28-4401-backups': backups,
  '2026-12-07-4301-holds': holds,
  '2026-12-07-4311-swaps': swaps,
};
