import { addDays, UNPAID_FIRST_AFTER_DAYS } from '@rustico/core';
import type { Db } from '../db/database.ts';
import { seenByViewer, type Viewer } from '../db/visibility.ts';

/** Stays that may have a reminder on this day: arriving today or tomorrow, leaving today, or finished and unpaid. */
export function listStaysToRemind(db: Db, day: string) {
  return db
    .selectFrom('bookings')
    .innerJoin('users', 'users.id', 'bookings.userId')
    .selectAll('bookings')
    .select(['users.disabled as ownerDisabled'])
    .where('users.disabled', '=', 0)
    // Requests and declined stays are not stays yet (or ever): nothing to remind.
    .where('bookings.status', '=', 'confirmed')
    .where((eb) =>
      eb.or([
        eb.and([eb('bookings.startDate', '>=', day), eb('bookings.startDate', '<=', addDays(day, 1))]),
        eb('bookings.endDate', '=', day),
        eb.and([eb('bookings.paid', '=', 0), eb('bookings.checkedOut', '=', 1), eb('bookings.endDate', '<=', addDays(day, -UNPAID_FIRST_AFTER_DAYS))]),
      ]),
    )
    .orderBy('bookings.startDate')
    .execute();
}

/** Finished stays with an amount still open, as the viewer may see them. */
export function listUnpaidStays(db: Db, today: string, viewer: Viewer) {
  return db
    .selectFrom('bookings')
    .innerJoin('users', 'users.id', 'bookings.userId')
    .select(['bookings.id', 'bookings.startDate', 'bookings.endDate', 'bookings.costCentimes', 'users.name as ownerName'])
    .where('bookings.paid', '=', 0)
    .where('bookings.checkedOut', '=', 1)
    .where('bookings.costCentimes', '>', 0)
    .where('bookings.endDate', '<', today)
    .where(seenByViewer('users', viewer))
    .orderBy('bookings.endDate')
    .execute();
}

export function listActiveAdmins(db: Db) {
  return db.selectFrom('users').selectAll().where('disabled', '=', 0).where('role', 'in', ['admin', 'superadmin']).orderBy('name').execute();
}
