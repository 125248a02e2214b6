import { randomUUID } from 'node:crypto';
import {
  checkoutCost,
  highestPlausibleTotal,
  kwhUsed,
  readingTotal,
  registersAbove,
  registersBelow,
  registersRisenMost,
  stayFee,
  type AdminReading,
  type MeterReadingInput,
  type SessionUser,
} from '@rustico/core';
import type { AppContext } from '../context.ts';
import { lockBookingsForWrite } from '../db/locks.ts';
import { getHouseRules } from '../house/rules.ts';
import { notFound } from '../http/errors.ts';
import { findBooking, recordBookingChange } from '../bookings/service.ts';
import { readingRefusal } from './service.ts';
import { correctionsOf, findReading, findReadingWithStay, insertCorrection, listRecentReadings, readingBefore, readingOf, setStayUsage, updateReading } from './repository.ts';

const RECENT_READINGS = 12;
/** Corrections reach any stay; who may correct is checked by the route. */
const everyone = { id: '', hidden: true };

type ReadingRow = Awaited<ReturnType<typeof listRecentReadings>>[number];

async function withCorrections(ctx: AppContext, rows: ReadingRow[]): Promise<AdminReading[]> {
  const corrections = await correctionsOf(ctx.db, rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    bookingId: row.bookingId,
    ownerName: row.ownerName,
    start: row.startDate,
    end: row.endDate,
    dayKwh: row.dayKwh,
    nightKwh: row.nightKwh,
    totalKwh: row.totalKwh,
    recordedAt: row.recordedAt,
    corrections: corrections
      .filter((c) => c.readingId === row.id)
      .map((c) => ({ previousDayKwh: c.previousDayKwh, previousNightKwh: c.previousNightKwh, correctedByName: c.correctedByName, correctedAt: c.correctedAt })),
  }));
}

/** The latest readings, newest first, for admins to find a wrong one. */
export async function recentReadings(ctx: AppContext, viewer: SessionUser): Promise<AdminReading[]> {
  return withCorrections(ctx, await listRecentReadings(ctx.db, viewer, RECENT_READINGS));
}

/**
 * An admin corrects a reading (a typo that blocks every later one, or a
 * wrong cost). The old values are kept with who and when; a checked-out
 * stay's kWh and cost are computed again. The stay's own two readings must
 * stay in order.
 */
export async function correctReading(ctx: AppContext, admin: SessionUser, id: string, input: MeterReadingInput): Promise<AdminReading> {
  const rules = await getHouseRules(ctx.db);
  const total = readingTotal(input);
  const booking = await ctx.db.transaction().execute(async (trx) => {
    await lockBookingsForWrite(trx);
    const reading = await findReading(trx, id);
    if (!reading) throw notFound('Reading');
    const arrival = reading.kind === 'checkout' ? await readingOf(trx, reading.bookingId, 'checkin') : reading;
    const departure = reading.kind === 'checkin' ? await readingOf(trx, reading.bookingId, 'checkout') : reading;
    if (reading.kind === 'checkout' && arrival) {
      const below = registersBelow(input, arrival);
      if (below.length > 0) {
        throw readingRefusal({ code: 'READING_TOO_LOW', registers: below }, `The arrival reading was ${arrival.dayKwh} kWh by day and ${arrival.nightKwh} kWh by night`);
      }
      if (total > highestPlausibleTotal(arrival, new Date(reading.recordedAt))) {
        throw readingRefusal({ code: 'READING_TOO_HIGH', registers: registersRisenMost(input, arrival) }, 'More than the house could use during the stay');
      }
    }
    const above = reading.kind === 'checkin' && departure ? registersAbove(input, departure) : [];
    if (departure && above.length > 0) {
      throw readingRefusal({ code: 'READING_TOO_HIGH', registers: above }, `The departure reading was ${departure.dayKwh} kWh by day and ${departure.nightKwh} kWh by night`);
    }
    // The same plausibility as when it was taken: a correction must not block the house either.
    const previous = await readingBefore(trx, reading);
    if (reading.kind === 'checkin' && previous && total > highestPlausibleTotal(previous, new Date(reading.recordedAt))) {
      throw readingRefusal(
        { code: 'READING_TOO_HIGH', registers: registersRisenMost(input, previous) },
        `More than the house could use since the reading before (${previous.totalKwh} kWh)`,
      );
    }
    const at = ctx.now().toISOString();
    await insertCorrection(trx, {
      id: randomUUID(),
      readingId: id,
      previousDayKwh: reading.dayKwh,
      previousNightKwh: reading.nightKwh,
      dayKwh: input.dayKwh,
      nightKwh: input.nightKwh,
      correctedBy: admin.id,
      correctedAt: at,
    });
    await updateReading(trx, id, { dayKwh: input.dayKwh, nightKwh: input.nightKwh, totalKwh: total });
    const booking = (await findBooking(trx, reading.bookingId, everyone))!;
    const which = reading.kind === 'checkin' ? 'arrival' : 'departure';
    await recordBookingChange(trx, {
      row: booking,
      action: 'corrected',
      byId: admin.id,
      at: new Date(at),
      before: { [`${which}DayKwh`]: reading.dayKwh, [`${which}NightKwh`]: reading.nightKwh },
      after: { [`${which}DayKwh`]: input.dayKwh, [`${which}NightKwh`]: input.nightKwh },
    });
    if (booking.checkedOut === 1 && arrival && departure) {
      const used = kwhUsed(reading.kind === 'checkin' ? total : arrival.totalKwh, reading.kind === 'checkout' ? total : departure.totalKwh);
      const stay = { start: booking.startDate, end: booking.endDate };
      const cost = checkoutCost({ ...stay, purpose: booking.purpose, storedCostCentimes: stayFee(stay, booking.purpose, rules) }, used, rules);
      await setStayUsage(trx, booking.id, used, cost.totalCentimes, at);
    }
    return booking;
  });
  ctx.events.publish({ type: 'booking', action: 'updated', id: booking.id }, { ownerId: booking.userId, ownerHidden: booking.ownerHidden === 1 });
  const [reading] = await withCorrections(ctx, [(await findReadingWithStay(ctx.db, id))!]);
  return reading!;
}
