import { randomUUID } from 'node:crypto';
import { addDays, checkoutCost, roundKwh, stayFee, todayIn, type PaymentMethod, type Purpose } from '@rustico/core';
import { firstBookingStart, insertBooking } from '../bookings/service.ts';
import type { AppContext } from '../context.ts';
import { getHouseRules } from '../house/rules.ts';
import { addReaction, insertNote } from '../notes/service.ts';
import { insertReading } from '../stays/service.ts';
import { createUser, listUsers } from '../users/service.ts';
import { DemoRefused } from './seed.ts';

/** Relatives and friends who joined over the years, up to 20 members. */
const LATER_MEMBERS = [
  'Chiara Bernasconi', 'Matteo Bernasconi', 'Anna Pedrazzi', 'Paolo Pedrazzi', 'Laura Lepori', 'Davide Lepori', 'Silvia Canonica',
  'Fabio Canonica', 'Marta Guscetti', 'Stefano Guscetti', 'Irene Jelmini', 'Nicola Jelmini', 'Valentina Monighetti', 'Gianni Monighetti',
];
const HOUSE_SIZE = 20;
export const STAYS_PER_YEAR = 50;
export const NOTES_PER_YEAR = 100;
/** The demo's own year of stays reaches back 330 days; the history ends before it. */
const HISTORY_ENDS_DAYS_AGO = 400;

const NOTE_TEXTS = [
  'Tagliata l\'erba davanti alla cascina, il tosaerba va ricaricato.',
  'Manca il sale grosso, qualcuno ne porta un pacco?',
  'La strada dopo Dongio è chiusa per lavori fino a venerdì: passate da Acquarossa.',
  'Lasciato il formaggio dell\'alpe in cantina, servitevi!',
  'Spazzacamino fatto, ricevuta nel cassetto della cucina.',
  'Il rubinetto del bagno gocciola di nuovo.',
  'Bellissima gita al Sosto, consiglio il sentiero dal lato di Olivone.',
  'Finite le pastiglie per la lavastoviglie.',
  'Cambiata la lampadina della scala, ne restano due di scorta.',
  'Grazie a chi ha sistemato la legnaia!',
];

/** A small, repeatable sequence, so every run builds the same house. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface DemoHistory {
  members: number;
  stays: number;
  notes: number;
}

/**
 * Years of life before the demo's own year, for the benchmark and for trying
 * the long lists: 50 stays a year (checked in and out, with meter readings,
 * paid), 100 notes a year with thumbs-up, and members up to 20.
 */
export async function seedDemoHistory(ctx: AppContext, years: number): Promise<DemoHistory> {
  const today = todayIn(ctx.config.houseTimeZone, ctx.now());
  const end = addDays(today, -HISTORY_ENDS_DAYS_AGO);
  const existing = await listUsers(ctx.db);
  if (existing.length === 0) throw new DemoRefused('The house is empty: run `npm run cli -- demo` first.');
  const first = await firstBookingStart(ctx.db);
  if (first && first <= end) throw new DemoRefused('The house has stays from before the demo year already.');

  const userIds = existing.map((user) => user.id);
  for (const name of LATER_MEMBERS.slice(0, Math.max(0, HOUSE_SIZE - existing.length))) {
    const local = name.toLowerCase().replace(/[^a-z]+/g, '.');
    const user = await createUser(ctx, { email: `${local}@${ctx.config.emailDomain ?? 'bernasconi.ch'}`, name, password: null, role: 'member' });
    userIds.push(user.id);
  }

  const rules = await getHouseRules(ctx.db);
  const next = random(years);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const at = (day: string, hour = 15) => `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`;
  const slots = years * STAYS_PER_YEAR;
  const slotDays = 365 / STAYS_PER_YEAR;
  // The meter counted up over the years to where the demo year's readings begin.
  const meter = { dayKwh: 0, nightKwh: 0 };

  await ctx.db.transaction().execute(async (trx) => {
    for (let slot = slots; slot > 0; slot--) {
      const start = addDays(end, -Math.round(slot * slotDays));
      const stayEnd = addDays(start, Math.floor(next() * 6));
      const purpose: Purpose = next() < 0.1 ? 'maintenance' : 'personal';
      const userId = pick(userIds);
      const id = randomUUID();
      const kwh = roundKwh(2 + next() * 30);
      const cost = checkoutCost({ start, end: stayEnd, purpose, storedCostCentimes: stayFee({ start, end: stayEnd }, purpose, rules) }, kwh, rules);
      const method: PaymentMethod = next() < 0.6 ? 'bank_transfer' : 'twint';
      await insertBooking(trx, {
        id, userId, startDate: start, endDate: stayEnd, purpose, costCentimes: cost.totalCentimes,
        checkedIn: 1, checkedOut: 1, paid: 1, kwhUsed: kwh, paymentMethod: method, paidAt: at(stayEnd, 18), createdBy: userId,
        createdAt: at(addDays(start, -30)), updatedAt: at(stayEnd, 18),
      });
      const reading = (kind: 'checkin' | 'checkout', day: string) => ({
        id: randomUUID(), bookingId: id, userId, kind, ...meter, totalKwh: roundKwh(meter.dayKwh + meter.nightKwh), recordedAt: at(day, kind === 'checkin' ? 15 : 10),
      });
      await insertReading(trx, reading('checkin', start));
      meter.dayKwh = roundKwh(meter.dayKwh + kwh * 0.7);
      meter.nightKwh = roundKwh(meter.nightKwh + kwh - roundKwh(kwh * 0.7));
      await insertReading(trx, reading('checkout', stayEnd));
    }

    const firstDay = addDays(end, -years * 365);
    for (let n = 0; n < years * NOTES_PER_YEAR; n++) {
      const noteId = randomUUID();
      const createdAt = at(addDays(firstDay, Math.floor((n * 365) / NOTES_PER_YEAR)), 8 + Math.floor(next() * 12));
      await insertNote(trx, { id: noteId, userId: pick(userIds), text: pick(NOTE_TEXTS), eventKind: null, eventDate: null, bookingId: null, createdAt });
      const fans = new Set(Array.from({ length: Math.floor(next() * 4) }, () => pick(userIds)));
      for (const fan of fans) await addReaction(trx, noteId, fan, createdAt);
    }
  });
  return { members: userIds.length, stays: slots, notes: years * NOTES_PER_YEAR };
}
