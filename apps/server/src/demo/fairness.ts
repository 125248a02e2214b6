import { randomUUID } from 'node:crypto';
import { addDays, HOUR_MS, staysOverlap, stayFee, todayIn, type Stay } from '@rustico/core';
import { insertBooking } from '../bookings/service.ts';
import type { AppContext } from '../context.ts';
import { changeHouseRules, getHouseRules } from '../house/rules.ts';
import { insertNotice } from '../notices/service.ts';
import { addPeakPeriod } from '../peaks/service.ts';
import { insertPass, insertRound } from '../turns/service.ts';
import { DEMO_STAYS } from './bookings.ts';

/** Last summer's order; this summer's is it rotated by one, as Rustico suggests. */
const LAST_SUMMER = ['marco', 'giulia', 'luca', 'sofia', 'elena', 'andrea'];
const THIS_SUMMER = [...LAST_SUMMER.slice(1), LAST_SUMMER[0]!];

/**
 * Fair booking in the demo house: a 30-night quota, Natale e Capodanno and Ferragosto
 * as peak periods, two members' Christmas requests waiting for Marco or Giulia, and the
 * summer's picking turns under way (Giulia booked, Luca skipped, Sofia's turn now).
 */
export async function seedDemoFairness(ctx: AppContext, ids: Map<string, string>): Promise<void> {
  const id = (who: string) => ids.get(who)!;
  const now = ctx.now();
  const today = todayIn(ctx.config.houseTimeZone, now);
  const year = Number(today.slice(0, 4));
  const demoStays: Stay[] = DEMO_STAYS.map((s) => ({ start: addDays(today, s.from), end: addDays(today, s.from + s.nights) }));
  const free = (stay: Stay) => !demoStays.some((other) => staysOverlap(stay, other));

  await changeHouseRules(ctx, id('marco'), { quotaNights: 30 });
  await addPeakPeriod(ctx, id('marco'), { name: 'Natale e Capodanno', from: '12-20', to: '01-06', year: null });
  await addPeakPeriod(ctx, id('giulia'), { name: 'Ferragosto', from: '08-10', to: '08-20', year: null });
  const rules = await getHouseRules(ctx.db);

  // The next Christmas nobody has booked yet: Sofia and Elena both asked for it.
  let christmas = today <= `${year}-12-20` ? year : year + 1;
  while (!free({ start: `${christmas}-12-20`, end: `${christmas + 1}-01-07` })) christmas += 1;
  const requests = [
    { who: 'sofia', start: `${christmas}-12-22`, end: `${christmas}-12-27`, askedDaysAgo: 12 },
    { who: 'elena', start: `${christmas}-12-24`, end: `${christmas}-12-31`, askedDaysAgo: 5 },
  ];
  for (const request of requests) {
    const at = new Date(now.getTime() - request.askedDaysAgo * 24 * HOUR_MS).toISOString();
    await insertBooking(ctx.db, {
      id: randomUUID(),
      userId: id(request.who),
      startDate: request.start,
      endDate: request.end,
      purpose: 'personal',
      costCentimes: stayFee(request, 'personal', rules),
      checkedIn: 0,
      checkedOut: 0,
      paid: 0,
      createdAt: at,
      updatedAt: at,
      createdBy: null,
      status: 'requested',
    });
  }

  // The summer's turns: last summer's round (over) and this summer's, opened three days ago.
  const summer = today < `${year}-07-01` ? year : year + 1;
  const lastSummer = randomUUID();
  await insertRound(ctx.db, {
    id: lastSummer,
    fromDate: `${summer - 1}-07-01`,
    toDate: `${summer - 1}-08-31`,
    memberOrder: JSON.stringify(LAST_SUMMER.map(id)),
    nightsPerTurn: 7,
    windowHours: 48,
    openedAt: `${summer - 1}-05-01T08:00:00.000Z`,
    openedBy: id('marco'),
    closedAt: null,
  });
  const round = randomUUID();
  const opened = now.getTime() - 72 * HOUR_MS;
  await insertRound(ctx.db, {
    id: round,
    fromDate: `${summer}-07-01`,
    toDate: `${summer}-08-31`,
    memberOrder: JSON.stringify(THIS_SUMMER.map(id)),
    nightsPerTurn: 7,
    windowHours: 48,
    openedAt: new Date(opened).toISOString(),
    openedBy: id('marco'),
    closedAt: null,
  });
  // Giulia used her turn within five hours: a July week (one the demo's stays leave free).
  let week = `${summer}-07-04`;
  while (!free({ start: week, end: addDays(week, 7) })) week = addDays(week, 7);
  const booked = randomUUID();
  const bookedAt = new Date(opened + 5 * HOUR_MS).toISOString();
  await insertBooking(ctx.db, {
    id: booked,
    userId: id('giulia'),
    startDate: week,
    endDate: addDays(week, 7),
    purpose: 'personal',
    costCentimes: stayFee({ start: week, end: addDays(week, 7) }, 'personal', rules),
    checkedIn: 0,
    checkedOut: 0,
    paid: 0,
    createdAt: bookedAt,
    updatedAt: bookedAt,
    createdBy: null,
    status: 'confirmed',
  });
  await insertPass(ctx.db, { roundId: round, position: 0, at: bookedAt, reason: 'booked', bookingId: booked });
  // Luca passed (his family is abroad in summer); since then it is Sofia's turn, for six more hours.
  const skippedAt = new Date(opened + 30 * HOUR_MS).toISOString();
  await insertPass(ctx.db, { roundId: round, position: 1, at: skippedAt, reason: 'skipped', bookingId: null });
  await insertNotice(ctx.db, {
    id: randomUUID(),
    key: `turn:${round}:2`,
    userId: id('sofia'),
    kind: 'turn-started',
    payload: JSON.stringify({ roundId: round, start: `${summer}-07-01`, end: `${summer}-08-31`, endsAt: new Date(opened + 78 * HOUR_MS).toISOString() }),
    createdAt: skippedAt,
    readAt: null,
  });
}
