import { randomUUID } from 'node:crypto';
import {
  checkinOpen,
  checkoutCost,
  formatDisplayDate,
  kwhUsed,
  MAX_KWH_PER_DAY,
  readingProblem,
  readingTotal,
  stayStep,
  type Booking,
  type CheckinRequest,
  type CheckoutRequest,
  type MeterReading,
  type PaymentMethod,
  type ReadingProblem,
  type SessionUser,
  type StayStep,
  todayIn,
} from '@rustico/core';
import type { Kysely } from 'kysely';
import { type BookingRow, findBooking, listOpenStays, recordBookingChange, toBooking } from '../bookings/service.ts';
import { recipientsOf } from '../push/recipients.ts';
import type { AppContext } from '../context.ts';
import { lockBookingsForWrite } from '../db/locks.ts';
import type { Database, MeterReadingsTable } from '../db/schema.ts';
import { getHouseRules } from '../house/rules.ts';
import { AppError, forbidden, notFound } from '../http/errors.ts';
import { insertNote, queueNoteNotice } from '../notes/service.ts';
import { noteMessage, paymentMessage } from '../push/messages.ts';
import { announceHandover, recordHandover } from '../upkeep/service.ts';
import { takeVoucher } from '../users/service.ts';
import { insertReading, latestReading, latestVisibleReading, markCheckedIn, markCheckedOut, markPaid, readingOf } from './repository.ts';

// What other features read and write of stays goes through here, not its repository.
export { insertCorrection, insertReading, markCheckedIn, markCheckedOut, markPaid } from './repository.ts';

const STEP_ORDER: StayStep[] = ['checkin', 'checkout', 'payment', 'done'];

function toReading(row: MeterReadingsTable): MeterReading {
  return { dayKwh: row.dayKwh, nightKwh: row.nightKwh, totalKwh: row.totalKwh, recordedAt: row.recordedAt };
}

export async function openStays(ctx: AppContext, user: SessionUser): Promise<Booking[]> {
  return (await listOpenStays(ctx.db, user.id)).map(toBooking);
}

/** The last reading the viewer may see: a hidden account's stays show through nowhere. */
export async function latestMeterReading(ctx: AppContext, viewer: SessionUser): Promise<MeterReading | null> {
  const row = await latestVisibleReading(ctx.db, viewer);
  return row ? toReading(row) : null;
}

/**
 * Loads the booking for a step inside the locked transaction: it must be the
 * caller's own and be exactly at that step.
 */
async function bookingAtStep(trx: Kysely<Database>, user: SessionUser, id: string, step: StayStep): Promise<BookingRow> {
  await lockBookingsForWrite(trx);
  const row = await findBooking(trx, id, user);
  if (!row) throw notFound('Booking');
  if (row.userId !== user.id) throw forbidden();
  // A request is not a stay until approved; a declined one never will be.
  if (row.status !== 'confirmed') throw new AppError(409, 'BOOKING_NOT_CONFIRMED', `This booking is ${row.status}, not confirmed`);
  const current = stayStep({ checkedIn: row.checkedIn === 1, checkedOut: row.checkedOut === 1, paid: row.paid === 1 });
  if (current !== step) {
    const done = STEP_ORDER.indexOf(current) > STEP_ORDER.indexOf(step);
    throw done
      ? new AppError(409, 'STEP_DONE', `The ${step} of this booking is registered already`)
      : new AppError(409, 'STEP_OUT_OF_ORDER', `This booking is at the ${current} step`);
  }
  return row;
}

/** A reading refused: `field` names the register that is wrong, none when both are. */
export function readingRefusal(problem: ReadingProblem, message: string): AppError {
  return new AppError(400, problem.code, message, problem.registers.length === 1 ? problem.registers[0] : undefined);
}

async function recordReading(
  ctx: AppContext,
  trx: Kysely<Database>,
  booking: BookingRow,
  kind: MeterReadingsTable['kind'],
  input: { dayKwh: number; nightKwh: number },
): Promise<number> {
  const last = await latestReading(trx);
  const problem = readingProblem(input, last ?? null, ctx.now());
  if (problem?.code === 'READING_TOO_LOW') {
    throw readingRefusal(problem, `The meter showed ${last?.dayKwh} kWh by day and ${last?.nightKwh} kWh by night already`);
  }
  if (problem) throw readingRefusal(problem, `More than ${MAX_KWH_PER_DAY} kWh a day since the last reading (${last?.totalKwh} kWh): check the digits`);
  const total = readingTotal(input);
  await insertReading(trx, {
    id: randomUUID(),
    bookingId: booking.id,
    userId: booking.userId,
    kind,
    dayKwh: input.dayKwh,
    nightKwh: input.nightKwh,
    totalKwh: total,
    recordedAt: ctx.now().toISOString(),
  });
  return total;
}

async function postStayNote(ctx: AppContext, trx: Kysely<Database>, booking: BookingRow, kind: 'checkin' | 'checkout', text: string | undefined) {
  if (!text) return null;
  const id = randomUUID();
  await insertNote(trx, {
    id,
    userId: booking.userId,
    text,
    eventKind: kind,
    // 'Check-In <arrival date>', 'Check-Out <departure date>'.
    eventDate: kind === 'checkin' ? booking.startDate : booking.endDate,
    bookingId: booking.id,
    createdAt: ctx.now().toISOString(),
  });
  await queueNoteNotice(ctx, trx, { id: booking.userId, name: booking.ownerName, hidden: booking.ownerHidden === 1 }, 'created', { id, text });
  return { id, text };
}

function announce(ctx: AppContext, user: SessionUser, row: BookingRow, note: { id: string; text: string } | null) {
  const audience = { ownerId: row.userId, ownerHidden: row.ownerHidden === 1 };
  ctx.events.publish({ type: 'booking', action: 'updated', id: row.id }, audience);
  if (note) {
    ctx.events.publish({ type: 'note', action: 'created', id: note.id }, audience);
    ctx.push.notify(recipientsOf(user, 'notes'), noteMessage({ ...note, authorName: row.ownerName }));
  }
}

/** Arrival: the meter reading (and an optional note) in one transaction. */
export async function checkIn(ctx: AppContext, user: SessionUser, id: string, input: CheckinRequest): Promise<Booking> {
  const { row, note } = await ctx.db.transaction().execute(async (trx) => {
    const booking = await bookingAtStep(trx, user, id, 'checkin');
    if (!checkinOpen(booking.startDate, todayIn(ctx.config.houseTimeZone, ctx.now()))) {
      throw new AppError(409, 'CHECKIN_TOO_EARLY', `Check-in opens on ${formatDisplayDate(booking.startDate)}, the arrival day`);
    }
    await recordReading(ctx, trx, booking, 'checkin', input);
    await markCheckedIn(trx, id, ctx.now().toISOString());
    await recordBookingChange(trx, { row: booking, action: 'checkin', byId: user.id, at: ctx.now(), before: null, after: { dayKwh: input.dayKwh, nightKwh: input.nightKwh } });
    const note = await postStayNote(ctx, trx, booking, 'checkin', input.note);
    return { row: (await findBooking(trx, id, user))!, note };
  });
  announce(ctx, user, row, note);
  return toBooking(row);
}

/** Departure: the meter reading, the checklist confirmed, and the stay's final cost. */
export async function checkOut(ctx: AppContext, user: SessionUser, id: string, input: CheckoutRequest): Promise<Booking> {
  const rules = await getHouseRules(ctx.db);
  const { row, note } = await ctx.db.transaction().execute(async (trx) => {
    const booking = await bookingAtStep(trx, user, id, 'checkout');
    const arrival = await readingOf(trx, id, 'checkin');
    const total = await recordReading(ctx, trx, booking, 'checkout', input);
    const used = arrival ? kwhUsed(arrival.totalKwh, total) : 0;
    const cost = checkoutCost(
      { start: booking.startDate, end: booking.endDate, purpose: booking.purpose, storedCostCentimes: booking.costCentimes },
      used,
      rules,
    );
    await markCheckedOut(trx, id, used, cost.totalCentimes, ctx.now().toISOString());
    // «Per chi arriva» in the same transaction: a refused supply refuses the reading too.
    const handover = input.handover ? await recordHandover(ctx, trx, user, { bookingId: id, end: booking.endDate }, input.handover) : null;
    await recordBookingChange(trx, {
      row: booking,
      action: 'checkout',
      byId: user.id,
      at: ctx.now(),
      before: { costCentimes: booking.costCentimes },
      after: { dayKwh: input.dayKwh, nightKwh: input.nightKwh, kwhUsed: used, costCentimes: cost.totalCentimes, ...(handover?.changed ? handover.fields : {}) },
    });
    const note = await postStayNote(ctx, trx, booking, 'checkout', input.note);
    return { row: (await findBooking(trx, id, user))!, note };
  });
  announce(ctx, user, row, note);
  if (input.handover) announceHandover(ctx, user, id);
  return toBooking(row);
}

/** Registers the payment; the weekend voucher can be used once per member. */
export async function pay(ctx: AppContext, user: SessionUser, id: string, method: PaymentMethod): Promise<Booking> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const booking = await bookingAtStep(trx, user, id, 'payment');
    if (method === 'voucher' && !(await takeVoucher(trx, user.id))) {
      throw new AppError(409, 'VOUCHER_USED', 'The voucher has been used already');
    }
    await markPaid(trx, id, method, ctx.now().toISOString());
    await recordBookingChange(trx, { row: booking, action: 'paid', byId: user.id, at: ctx.now(), before: null, after: { paymentMethod: method, costCentimes: booking.costCentimes } });
    return (await findBooking(trx, id, user))!;
  });
  announce(ctx, user, row, null);
  const booking = toBooking(row);
  ctx.push.notify({ ...recipientsOf(user, 'bookings'), onlyAdmins: true }, paymentMessage(booking));
  return booking;
}
