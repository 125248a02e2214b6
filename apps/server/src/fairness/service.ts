import { isAdmin, nightsByYear, quotaFigures, quotaOf, todayIn, usedQuotaNights, type FairnessView, type Quota, type SessionUser } from '@rustico/core';
import { listCountedStays, listQuotaStays } from '../bookings/service.ts';
import type { AppContext } from '../context.ts';
import { AppError, forbidden } from '../http/errors.ts';
import { getHouseRules } from '../house/rules.ts';
import { peakPeriods } from '../peaks/service.ts';
import { peakHistoryOf } from '../requests/service.ts';
import { findUserById, listUsers } from '../users/service.ts';

const thisYear = (ctx: AppContext) => Number(todayIn(ctx.config.houseTimeZone, ctx.now()).slice(0, 4));

/** A member's quota in a year: used (confirmed and requested personal nights) and remaining. */
export async function quotaFor(ctx: AppContext, viewer: SessionUser, memberId: string | undefined, year: number | undefined): Promise<Quota> {
  const id = memberId ?? viewer.id;
  if (id !== viewer.id && !isAdmin(viewer.role)) throw forbidden();
  const member = await findUserById(ctx.db, id);
  if (!member || (member.hidden === 1 && !viewer.hidden && member.id !== viewer.id)) throw new AppError(404, 'USER_NOT_FOUND', 'No such member', 'memberId');
  const y = year ?? thisYear(ctx);
  const stays = await listQuotaStays(ctx.db, id, `${y}-01-01`, `${y}-12-31`, null);
  return quotaFigures(id, y, quotaOf(await getHouseRules(ctx.db), id), usedQuotaNights(stays, y));
}

/** Nights per member in a year and peak nights over five years, for everyone to see. */
export async function fairnessView(ctx: AppContext, viewer: SessionUser, year: number | undefined): Promise<FairnessView> {
  const y = year ?? thisYear(ctx);
  const rules = await getHouseRules(ctx.db);
  const periods = await peakPeriods(ctx.db);
  const stays = await listCountedStays(ctx.db, `${y}-01-01`, `${y}-12-31`, viewer);
  const members = (await listUsers(ctx.db)).filter((u) => (u.hidden === 0 || viewer.hidden || u.id === viewer.id) && (u.disabled === 0 || stays.some((s) => s.userId === u.id)));
  const rows = await Promise.all(
    members.map(async (member) => {
      const own = stays.filter((s) => s.userId === member.id);
      const nightsIn = (filter: (s: (typeof own)[number]) => boolean) => own.filter(filter).reduce((sum, s) => sum + (nightsByYear({ start: s.startDate, end: s.endDate }).get(y) ?? 0), 0);
      return {
        memberId: member.id,
        name: member.name,
        colour: member.colour,
        personalNights: nightsIn((s) => s.status === 'confirmed' && s.purpose === 'personal'),
        maintenanceNights: nightsIn((s) => s.status === 'confirmed' && s.purpose === 'maintenance'),
        requestedNights: nightsIn((s) => s.status === 'requested' && s.purpose === 'personal'),
        quotaNights: quotaOf(rules, member.id),
        ...(await peakHistoryOf(ctx.db, member.id, y, periods)),
      };
    }),
  );
  rows.sort((a, b) => b.personalNights - a.personalNights || a.name.localeCompare(b.name));
  return { year: y, members: rows };
}
