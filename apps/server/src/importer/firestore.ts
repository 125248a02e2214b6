import {
  centimesSchema,
  EARLIEST_STAY_DATE,
  emailSchema,
  formatChf,
  formatDisplayDate,
  francs,
  groupThousands,
  isBlankText,
  isIsoDate,
  kwhSchema,
  latestStayDate,
  MAX_AMOUNT_CENTIMES,
  MAX_READING_KWH,
  memberIdSchema,
  meterReadingInputSchema,
  normalizeText,
  parseDisplayDate,
  parseNoteLabel,
  roleFromStato,
  roundKwh,
  stayDatesInRange,
  todayIn,
} from '@rustico/core';
import { z } from 'zod';
import { bookingInTheWay } from '../bookings/fairness.ts';
import type { AppContext } from '../context.ts';
import { lockBookingsForWrite } from '../db/locks.ts';
import { MEMBER_COLOURS } from '../users/service.ts';
import { readExport } from './layouts.ts';
import { existingUserIds, findUserIdByEmail, importBooking, importNote, importReaction, importReading, importUser } from './repository.ts';

/**
 * Import of the original app's Firestore export (in any layout of
 * layouts.ts): `users`, `events`, `notes` and `kilowatt` are mapped onto
 * Rustico's tables under their original ids, so a second import of the same
 * file adds nothing; `userTokens` belonged to the old push service and are
 * skipped. Every value passes the API's own rules (its schemas, the range of
 * dates, the no-overlap rule): a document that does not is skipped and listed
 * with the reason, the others are imported, all in one transaction.
 */

const timestampSchema = z.union([
  z.date(),
  z.object({ _seconds: z.number() }).transform((t) => new Date(t._seconds * 1000)),
  z.object({ seconds: z.number() }).transform((t) => new Date(t.seconds * 1000)),
  z.number().transform((ms) => new Date(ms)),
  z.string().transform((iso) => new Date(iso)),
]);

const loose = <T extends z.ZodRawShape>(shape: T) => z.object(shape).loose();

const userDoc = loose({
  uid: z.string().optional(),
  nome: z.string().optional(),
  email: z.string().optional(),
  colore: z.string().optional(),
  stato: z.string().optional(),
  gift_used: z.boolean().optional(),
});
const eventDoc = loose({
  uid: z.string(),
  // `dd.MM.yyyy`; some documents carry only the instant the stay begins.
  startDate: z.string().optional(),
  timestampStartDate: timestampSchema.optional(),
  endDate: z.string(),
  servicing: z.boolean().optional(),
  cost: z.number().optional(),
  // Booleans in the newer documents, records in the older ones: present means done.
  checkin: z.unknown().optional(),
  checkout: z.unknown().optional(),
  payed: z.boolean().optional(),
  kwUsed: z.number().nullable().optional(),
});
const noteDoc = loose({
  text: z.string(),
  timestamp: timestampSchema,
  reactionist: z.array(z.string()).optional(),
  uid: z.string(),
  eventOf: z.string().optional(),
});
const kilowattDoc = loose({ eventOf: z.string(), kw: z.number(), timestamp: timestampSchema, uid: z.string().optional() });

export interface ImportReport {
  /** Which exporter's layout the file was read as. */
  layout: string;
  /** Collections in the file that the original app did not have. */
  notRead: { collection: string; documents: number }[];
  imported: Record<'users' | 'bookings' | 'notes' | 'reactions' | 'meterReadings', number>;
  alreadyPresent: Record<'users' | 'bookings' | 'notes' | 'meterReadings', number>;
  skipped: { collection: string; id: string; reason: string }[];
}

const truthy = (value: unknown) => value !== undefined && value !== null && value !== false;

class DryRun extends Error {}

export async function importFirestore(ctx: AppContext, data: unknown, options: { dryRun: boolean }): Promise<ImportReport> {
  const contents = readExport(data);
  const doc = contents.collections;
  const report: ImportReport = {
    layout: contents.layout,
    notRead: contents.notRead,
    imported: { users: 0, bookings: 0, notes: 0, reactions: 0, meterReadings: 0 },
    alreadyPresent: { users: 0, bookings: 0, notes: 0, meterReadings: 0 },
    skipped: [...contents.unreadable],
  };
  const skip = (collectionName: string, id: string, reason: string) => report.skipped.push({ collection: collectionName, id, reason });
  const at = ctx.now().toISOString();
  const today = todayIn(ctx.config.houseTimeZone, ctx.now());
  // Notes and readings were stamped by the app; their moments lie in the dates it holds.
  const momentProblem = (moment: Date) => {
    const day = moment.toISOString().slice(0, 10);
    if (isIsoDate(day) && stayDatesInRange({ start: day, end: day }, today)) return null;
    return `the moment ${moment.toISOString()} is out of range: the app holds dates from ${EARLIEST_STAY_DATE} to ${latestStayDate(today)}`;
  };

  const run = async (trx: AppContext['db']) => {
    // The overlap check below holds only if no booking is written meanwhile.
    await lockBookingsForWrite(trx);
    // Users: an account without a password; `npm run cli -- user set-password` opens it.
    const knownUsers = await existingUserIds(trx);
    let colourIndex = knownUsers.size;
    for (const [id, raw] of Object.entries(doc.users)) {
      const user = userDoc.safeParse(raw);
      if (!user.success) {
        skip('users', id, 'not a user document');
        continue;
      }
      if (!memberIdSchema.safeParse(id).success) {
        skip('users', id, 'not an id the app can name a member by (letters, digits, - and _, at most 100)');
        continue;
      }
      const email = emailSchema.safeParse(user.data.email ?? '');
      if (!email.success) {
        skip('users', id, 'no valid email address (the login needs one)');
        continue;
      }
      const owner = await findUserIdByEmail(trx, email.data);
      if (owner && owner !== id) {
        skip('users', id, `${email.data} belongs to another account already`);
        continue;
      }
      const colour = /^#[0-9a-fA-F]{6}$/.test(user.data.colore ?? '') ? user.data.colore! : MEMBER_COLOURS[colourIndex++ % MEMBER_COLOURS.length]!;
      const added = await importUser(trx, {
        id,
        email: email.data,
        name: normalizeText(user.data.nome ?? '').slice(0, 80) || email.data,
        role: roleFromStato(user.data.stato),
        colour,
        hidden: 0,
        disabled: 0,
        giftUsed: user.data.gift_used ? 1 : 0,
        passwordHash: null,
        photo: null,
        createdAt: at,
        lastSeenAt: null,
        calendarToken: null,
        language: null,
      });
      if (added) report.imported.users += 1;
      else report.alreadyPresent.users += 1;
      knownUsers.add(id);
    }

    // The bookings of this file that the house holds now, with their owners: what readings belong to.
    const bookingOwners = new Map<string, string>();
    for (const [id, raw] of Object.entries(doc.events)) {
      const event = eventDoc.safeParse(raw);
      if (!event.success) {
        skip('events', id, 'not a booking document');
        continue;
      }
      const { startDate, timestampStartDate, endDate } = event.data;
      const start =
        startDate !== undefined
          ? parseDisplayDate(startDate)
          : timestampStartDate && !Number.isNaN(timestampStartDate.getTime())
            ? todayIn(ctx.config.houseTimeZone, timestampStartDate)
            : null;
      const end = parseDisplayDate(endDate);
      if (!start || !end || end < start || !stayDatesInRange({ start, end }, today)) {
        skip('events', id, `dates ${startDate ?? start ?? '(none)'}–${endDate} are not valid`);
        continue;
      }
      if (!knownUsers.has(event.data.uid)) {
        skip('events', id, `its owner ${event.data.uid} was not imported`);
        continue;
      }
      const cost = centimesSchema.safeParse(francs(event.data.cost ?? 0));
      if (!cost.success) {
        skip('events', id, `cost ${event.data.cost} is not an amount the app accepts (0 to ${formatChf(MAX_AMOUNT_CENTIMES)})`);
        continue;
      }
      const checkedIn = truthy(event.data.checkin);
      const checkedOut = checkedIn && truthy(event.data.checkout);
      const kwhUsed = checkedOut && typeof event.data.kwUsed === 'number' ? roundKwh(event.data.kwUsed) : checkedIn ? 0 : null;
      if (kwhUsed !== null && !kwhSchema.safeParse(kwhUsed).success) {
        skip('events', id, `${event.data.kwUsed} kWh used is not what the meter can show (0 to ${groupThousands(MAX_READING_KWH)})`);
        continue;
      }
      // Imported stays are confirmed: the nights must be free as the API's own rule (occupiedDays) has it.
      const inTheWay = await bookingInTheWay(trx, { start, end }, 'confirmed', id);
      if (inTheWay) {
        skip('events', id, `shares nights with the booking ${inTheWay.id} (${formatDisplayDate(inTheWay.startDate)}–${formatDisplayDate(inTheWay.endDate)})`);
        continue;
      }
      const added = await importBooking(trx, {
        id,
        userId: event.data.uid,
        startDate: start,
        endDate: end,
        purpose: event.data.servicing ? 'maintenance' : 'personal',
        costCentimes: cost.data,
        checkedIn: checkedIn ? 1 : 0,
        checkedOut: checkedOut ? 1 : 0,
        paid: checkedOut && event.data.payed ? 1 : 0,
        kwhUsed,
        paymentMethod: null,
        paidAt: null,
        createdAt: at,
        updatedAt: at,
      });
      if (added) report.imported.bookings += 1;
      else report.alreadyPresent.bookings += 1;
      bookingOwners.set(id, event.data.uid);
    }

    for (const [id, raw] of Object.entries(doc.notes)) {
      const note = noteDoc.safeParse(raw);
      if (!note.success || Number.isNaN(note.data.timestamp.getTime())) {
        skip('notes', id, 'not a note document');
        continue;
      }
      const outOfRange = momentProblem(note.data.timestamp);
      if (outOfRange) {
        skip('notes', id, outOfRange);
        continue;
      }
      const text = normalizeText(note.data.text, { multiline: true }).slice(0, 2000);
      if (isBlankText(text)) {
        skip('notes', id, 'empty text');
        continue;
      }
      if (!knownUsers.has(note.data.uid)) {
        skip('notes', id, `its author ${note.data.uid} was not imported`);
        continue;
      }
      const label = note.data.eventOf ? parseNoteLabel(note.data.eventOf) : null;
      const createdAt = note.data.timestamp.toISOString();
      const added = await importNote(trx, {
        id,
        userId: note.data.uid,
        text,
        eventKind: label?.kind ?? null,
        eventDate: label?.date ?? null,
        bookingId: null,
        createdAt,
      });
      if (added) report.imported.notes += 1;
      else report.alreadyPresent.notes += 1;
      for (const reactor of note.data.reactionist ?? []) {
        if (!knownUsers.has(reactor)) {
          skip('notes', id, `a thumbs-up of ${reactor}, who was not imported`);
          continue;
        }
        if (await importReaction(trx, id, reactor, createdAt)) report.imported.reactions += 1;
      }
    }

    // Readings per booking in time order: the first is the arrival, the second the departure.
    const readings = Object.entries(doc.kilowatt)
      .map(([id, raw]) => ({ id, reading: kilowattDoc.safeParse(raw) }))
      .sort((a, b) => (a.reading.data?.timestamp.getTime() ?? 0) - (b.reading.data?.timestamp.getTime() ?? 0));
    const seenPerBooking = new Map<string, number>();
    for (const { id, reading } of readings) {
      if (!reading.success || Number.isNaN(reading.data.timestamp.getTime())) {
        skip('kilowatt', id, 'not a meter reading');
        continue;
      }
      const { eventOf, kw, timestamp, uid } = reading.data;
      const outOfRange = momentProblem(timestamp);
      if (outOfRange) {
        skip('kilowatt', id, outOfRange);
        continue;
      }
      // The old app stored one total; it goes in the day register.
      const value = meterReadingInputSchema.safeParse({ dayKwh: roundKwh(kw), nightKwh: 0 });
      if (!value.success) {
        skip('kilowatt', id, `${kw} kWh is not a reading the app accepts (0 to ${groupThousands(MAX_READING_KWH)})`);
        continue;
      }
      const bookingOwner = bookingOwners.get(eventOf);
      if (!bookingOwner) {
        skip('kilowatt', id, `its booking ${eventOf} was not imported`);
        continue;
      }
      const index = seenPerBooking.get(eventOf) ?? 0;
      seenPerBooking.set(eventOf, index + 1);
      if (index > 1) {
        skip('kilowatt', id, `a third reading for booking ${eventOf}`);
        continue;
      }
      const added = await importReading(trx, {
        id,
        bookingId: eventOf,
        userId: uid && knownUsers.has(uid) ? uid : bookingOwner,
        kind: index === 0 ? 'checkin' : 'checkout',
        dayKwh: value.data.dayKwh,
        nightKwh: 0,
        totalKwh: value.data.dayKwh,
        recordedAt: timestamp.toISOString(),
      });
      if (added) report.imported.meterReadings += 1;
      else report.alreadyPresent.meterReadings += 1;
    }

    for (const id of Object.keys(doc.userTokens)) skip('userTokens', id, "push tokens of the old app's push service cannot be reused");
    if (options.dryRun) throw new DryRun();
  };

  try {
    await ctx.db.transaction().execute(run);
  } catch (error) {
    if (!(error instanceof DryRun)) throw error;
  }
  return report;
}
