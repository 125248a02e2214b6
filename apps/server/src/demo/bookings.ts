import { randomUUID } from 'node:crypto';
import { addDays, stayFee, todayIn, type Purpose } from '@rustico/core';
import { insertBooking } from '../bookings/repository.ts';
import type { AppContext } from '../context.ts';
import { getHouseRules } from '../house/rules.ts';

export interface DemoStay {
  who: string;
  /** Days from today (negative: in the past). */
  from: number;
  nights: number;
  purpose?: Purpose;
}

/**
 * A year of life at the house around today: finished stays (checked out and
 * paid, one still unpaid), and the coming weekends and holidays.
 */
export const DEMO_STAYS: DemoStay[] = [
  { who: 'marco', from: -330, nights: 7 },
  { who: 'sofia', from: -300, nights: 3 },
  { who: 'giulia', from: -260, nights: 2, purpose: 'maintenance' },
  { who: 'luca', from: -200, nights: 4 },
  { who: 'elena', from: -150, nights: 0 },
  { who: 'andrea', from: -120, nights: 5 },
  { who: 'marco', from: -90, nights: 10 },
  { who: 'sofia', from: -45, nights: 2 },
  { who: 'luca', from: -20, nights: 3 },
  { who: 'elena', from: 6, nights: 2 },
  { who: 'luca', from: 13, nights: 2 },
  { who: 'giulia', from: 20, nights: 1, purpose: 'maintenance' },
  { who: 'sofia', from: 27, nights: 6 },
  { who: 'andrea', from: 33, nights: 0 },
  { who: 'marco', from: 40, nights: 4 },
];

/** The last finished stay is left unpaid, so the payment step has something to show. */
const UNPAID_INDEX = DEMO_STAYS.findLastIndex((stay) => stay.from + stay.nights < 0);

export async function seedDemoBookings(ctx: AppContext, userIds: Map<string, string>): Promise<number> {
  const today = todayIn(ctx.config.houseTimeZone, ctx.now());
  const rules = await getHouseRules(ctx.db);
  const at = ctx.now().toISOString();
  for (const [index, stay] of DEMO_STAYS.entries()) {
    const start = addDays(today, stay.from);
    const end = addDays(start, stay.nights);
    const purpose = stay.purpose ?? 'personal';
    const finished = end < today;
    await insertBooking(ctx.db, {
      id: randomUUID(),
      userId: userIds.get(stay.who)!,
      startDate: start,
      endDate: end,
      purpose,
      costCentimes: stayFee({ start, end }, purpose, rules),
      checkedIn: finished ? 1 : 0,
      checkedOut: finished ? 1 : 0,
      paid: finished && index !== UNPAID_INDEX ? 1 : 0,
      kwhUsed: null,
      paymentMethod: null,
      paidAt: null,
      createdAt: at,
      updatedAt: at,
    });
  }
  return DEMO_STAYS.length;
}
