import { randomUUID } from 'node:crypto';
import { addDays, formatStayDates, holdExpiry, holdLastDay, todayIn } from '@rustico/core';
import { listBookingsNear } from '../bookings/service.ts';
import type { AppContext } from '../context.ts';
import { recordChange } from '../history/service.ts';
import { getHouseRules } from '../house/rules.ts';
import { insertHold } from '../holds/service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Luca holds three nights soon after the demo's next stays, made four days ago, so it ends in
 * three days: the calendar shows it hatched, and Marco (an admin) may release it with a reason.
 */
export async function seedDemoHolds(ctx: AppContext, ids: Map<string, string>): Promise<void> {
  const luca = ids.get('luca')!;
  const today = todayIn(ctx.config.houseTimeZone, ctx.now());
  let start = addDays(today, 9);
  while ((await listBookingsNear(ctx.db, start, addDays(start, 3), null)).some((b) => b.startDate < addDays(start, 3) && b.endDate > start)) start = addDays(start, 1);
  const end = addDays(start, 3);
  const holdDays = (await getHouseRules(ctx.db)).holdDays ?? 7;
  const createdAt = new Date(ctx.now().getTime() - (holdDays - 3) * DAY_MS);
  const expiresAt = holdExpiry(createdAt, holdDays, ctx.config.houseTimeZone).toISOString();
  const id = randomUUID();
  await insertHold(ctx.db, {
    id,
    userId: luca,
    startDate: start,
    endDate: end,
    createdAt: createdAt.toISOString(),
    expiresAt,
  });
  await recordChange(ctx.db, {
    subject: 'hold',
    subjectId: id,
    ownerId: luca,
    action: 'created',
    byId: luca,
    at: createdAt,
    label: `${formatStayDates(start, end)} · Luca Bernasconi`,
    before: null,
    after: { start, end, owner: 'Luca Bernasconi', until: holdLastDay(expiresAt, ctx.config.houseTimeZone) },
  });
}
