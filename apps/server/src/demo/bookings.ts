import { randomUUID } from 'node:crypto';
import { addDays, checkoutCost, roundKwh, stayFee, todayIn, type Purpose } from '@rustico/core';
import { insertBooking, recordBookingChange } from '../bookings/service.ts';
import type { AppContext } from '../context.ts';
import { getHouseRules } from '../house/rules.ts';
import { insertNote } from '../notes/service.ts';
import { findUserById } from '../users/service.ts';
import { insertCorrection, insertReading, markCheckedIn, markCheckedOut, markPaid } from '../stays/service.ts';

export interface DemoStay {
  who: string;
  /** Days from today (negative: in the past). */
  from: number;
  nights: number;
  purpose?: Purpose;
  /** What the meter counted (finished stays). */
  kwh?: number;
  checkinNote?: string;
  checkoutNote?: string;
  /** An administrator who booked on the member's behalf. */
  bookedBy?: string;
}

/**
 * A year of life at the house around today: finished stays with their meter
 * readings (paid, but the last one), and the coming weekends and holidays.
 */
export const DEMO_STAYS: DemoStay[] = [
  { who: 'marco', from: -330, nights: 7, kwh: 412.6, checkoutNote: 'Capodanno con la neve: strada sgombra fino al posteggio.' },
  { who: 'sofia', from: -300, nights: 3, kwh: 96.2 },
  { who: 'giulia', from: -260, nights: 2, purpose: 'maintenance', kwh: 31.4, checkinNote: 'Sono qui per lo spazzacamino e la caldaia.' },
  { who: 'luca', from: -200, nights: 4, kwh: 58.9 },
  { who: 'elena', from: -150, nights: 0, kwh: 3.1 },
  { who: 'andrea', from: -120, nights: 5, kwh: 44.7, checkoutNote: 'La zanzariera della camera piccola è rotta.' },
  { who: 'marco', from: -90, nights: 10, kwh: 121.3 },
  { who: 'sofia', from: -45, nights: 2, kwh: 38.8 },
  { who: 'luca', from: -20, nights: 3, kwh: 120.4, checkinNote: 'Arrivati, tutto in ordine. Fa freddo, acceso il camino.' },
  { who: 'elena', from: 6, nights: 2 },
  { who: 'luca', from: 13, nights: 2 },
  { who: 'giulia', from: 20, nights: 1, purpose: 'maintenance' },
  { who: 'sofia', from: 27, nights: 6 },
  { who: 'andrea', from: 33, nights: 0, bookedBy: 'marco' },
  { who: 'marco', from: 40, nights: 4 },
];

const METER_START = { dayKwh: 18_240.5, nightKwh: 11_032.8 };

/** Books, checks in and out and pays the demo stays through the same repositories the app uses. */
export async function seedDemoBookings(ctx: AppContext, userIds: Map<string, string>): Promise<void> {
  const today = todayIn(ctx.config.houseTimeZone, ctx.now());
  const rules = await getHouseRules(ctx.db);
  const meter = { ...METER_START };
  const finished = DEMO_STAYS.filter((stay) => stay.from + stay.nights < 0);
  const unpaid = finished.at(-1);
  const correctedStay = finished.findLast((stay) => stay.who === 'luca');
  for (const stay of DEMO_STAYS) {
    const start = addDays(today, stay.from);
    const end = addDays(start, stay.nights);
    const purpose = stay.purpose ?? 'personal';
    const userId = userIds.get(stay.who)!;
    const id = randomUUID();
    const at = (day: string) => `${day}T15:00:00.000Z`;
    await insertBooking(ctx.db, {
      id, userId, startDate: start, endDate: end, purpose,
      costCentimes: stayFee({ start, end }, purpose, rules),
      checkedIn: 0, checkedOut: 0, paid: 0, kwhUsed: null, paymentMethod: null, paidAt: null,
      createdAt: at(addDays(start, -30)), updatedAt: at(addDays(start, -30)),
      createdBy: stay.bookedBy ? userIds.get(stay.bookedBy)! : null,
    });
    // Its history, as the app would have kept it: booked, checked in and out, paid, corrected.
    const owner = (await findUserById(ctx.db, userId))!;
    const row = { id, userId, startDate: start, endDate: end, ownerName: owner.name };
    const byId = stay.bookedBy ? userIds.get(stay.bookedBy)! : userId;
    const fields = { start, end, purpose, status: 'confirmed', owner: owner.name };
    await recordBookingChange(ctx.db, { row, action: 'created', byId, at: new Date(at(addDays(start, -30))), before: null, after: fields });
    if (stay.who === 'sofia' && stay.kwh === undefined) {
      // Sofia moved her coming week by a day: «Attività» and the booking's history tell it.
      await recordBookingChange(ctx.db, { row, action: 'updated', byId, at: new Date(at(addDays(start, -12))), before: { ...fields, start: addDays(start, -1) }, after: fields });
    }
    if (stay.kwh === undefined) continue;

    const reading = (kind: 'checkin' | 'checkout', day: string) => ({
      id: randomUUID(), bookingId: id, userId, kind, ...meter, totalKwh: roundKwh(meter.dayKwh + meter.nightKwh), recordedAt: at(day),
    });
    await insertReading(ctx.db, reading('checkin', start));
    await markCheckedIn(ctx.db, id, at(start));
    await recordBookingChange(ctx.db, { row, action: 'checkin', byId: userId, at: new Date(at(start)), before: null, after: { dayKwh: meter.dayKwh, nightKwh: meter.nightKwh } });
    // Most of a stay's electricity runs on the day rate.
    meter.dayKwh = roundKwh(meter.dayKwh + stay.kwh * 0.7);
    meter.nightKwh = roundKwh(meter.nightKwh + stay.kwh - roundKwh(stay.kwh * 0.7));
    const departure = reading('checkout', end);
    await insertReading(ctx.db, departure);
    if (stay === correctedStay) {
      // Luca typed an extra digit; Giulia, an admin, put it right the next morning.
      await insertCorrection(ctx.db, {
        id: randomUUID(), readingId: departure.id, previousDayKwh: roundKwh(departure.dayKwh * 10), previousNightKwh: departure.nightKwh,
        dayKwh: departure.dayKwh, nightKwh: departure.nightKwh, correctedBy: userIds.get('giulia')!, correctedAt: `${addDays(end, 1)}T08:30:00.000Z`,
      });
      await recordBookingChange(ctx.db, {
        row, action: 'corrected', byId: userIds.get('giulia')!, at: new Date(`${addDays(end, 1)}T08:30:00.000Z`),
        before: { departureDayKwh: roundKwh(departure.dayKwh * 10) }, after: { departureDayKwh: departure.dayKwh },
      });
    }
    const cost = checkoutCost({ start, end, purpose, storedCostCentimes: stayFee({ start, end }, purpose, rules) }, stay.kwh, rules);
    await markCheckedOut(ctx.db, id, stay.kwh, cost.totalCentimes, at(end));
    await recordBookingChange(ctx.db, {
      row, action: 'checkout', byId: userId, at: new Date(at(end)),
      before: { costCentimes: stayFee({ start, end }, purpose, rules) }, after: { dayKwh: departure.dayKwh, nightKwh: departure.nightKwh, kwhUsed: stay.kwh, costCentimes: cost.totalCentimes },
    });
    if (stay !== unpaid) {
      const method = stay.who === 'sofia' ? 'twint' : 'bank_transfer';
      await markPaid(ctx.db, id, method, at(end));
      await recordBookingChange(ctx.db, { row, action: 'paid', byId: userId, at: new Date(at(end)), before: null, after: { paymentMethod: method, costCentimes: cost.totalCentimes } });
    }

    for (const [kind, text, day] of [['checkin', stay.checkinNote, start], ['checkout', stay.checkoutNote, end]] as const) {
      if (!text) continue;
      await insertNote(ctx.db, { id: randomUUID(), userId, text, eventKind: kind, eventDate: day, bookingId: id, createdAt: at(day) });
    }
  }
}
