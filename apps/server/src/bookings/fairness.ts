import {
  blocksStay,
  dateRuleRefusals,
  quotaExcess,
  quotaOf,
  stayProblem,
  staysOverlap,
  todayIn,
  touchesPeak,
  type BookingStatus,
  type HouseRules,
  type OverriddenRule,
  type Purpose,
  type SessionUser,
  type Stay,
} from '@rustico/core';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { getHouseRules } from '../house/rules.ts';
import { listPeakPeriods, toPeakPeriod } from '../peaks/service.ts';
import { judgeTurns, type TurnVerdict } from '../turns/service.ts';
import { listBookingsNear, listQuotaStays } from './repository.ts';

/**
 * The fair-booking rules of a new or moved booking, in the order docs/fairness.md gives:
 * the dates and the date rules (window, notice, length) before the transaction, then
 * inside it, under the bookings lock, the turns, the overlap and the quota. With an
 * administrator's override every rule but the overlap is set aside and named.
 */
export interface Verdict {
  status: BookingStatus;
  /** The rules an override set aside. */
  overridden: OverriddenRule[];
  /** The owner's running turns the booking uses. */
  turns: TurnVerdict['turns'];
}

const today = (ctx: AppContext) => todayIn(ctx.config.houseTimeZone, ctx.now());

/** Before the transaction: real dates, then window, notice and length. The rules set aside are returned. */
export function judgeDates(ctx: AppContext, user: SessionUser, stay: Stay, rules: HouseRules, override: boolean): OverriddenRule[] {
  const problem = stayProblem(stay, { today: today(ctx), role: user.role, rules: override ? { ...rules, maxStayNights: Number.MAX_SAFE_INTEGER } : rules });
  if (problem) {
    const details = problem === 'STAY_TOO_LONG' ? { maxStayNights: rules.maxStayNights } : undefined;
    throw new AppError(400, problem, `The dates are not bookable: ${problem}`, problem === 'END_BEFORE_START' ? 'end' : 'start', undefined, details);
  }
  const refusals = dateRuleRefusals(stay, today(ctx), rules);
  const first = refusals[0];
  if (first && !override) throw new AppError(400, first.code, `The dates break a house rule: ${first.code}`, first.code === 'STAY_TOO_LONG' ? 'end' : 'start', undefined, first.details);
  return refusals.map((r) => r.rule);
}

/** Run inside the locked transaction: a booking that holds a night of the stay against this status, if any. */
export async function bookingInTheWay(trx: Kysely<Database>, stay: Stay, status: BookingStatus, excludeId: string | null) {
  const near = await listBookingsNear(trx, stay.start, stay.end, excludeId);
  return near.find((other) => blocksStay(other.status, status) && staysOverlap(stay, { start: other.startDate, end: other.endDate }));
}

/** Run inside the locked transaction: no booking that holds its nights against this status may share one. */
export async function assertNightsFree(trx: Kysely<Database>, stay: Stay, status: BookingStatus, excludeId: string | null): Promise<void> {
  if (await bookingInTheWay(trx, stay, status, excludeId)) throw new AppError(409, 'BOOKING_OVERLAP', 'Those nights are booked already');
}

/**
 * Other claims on nights than bookings (holds/ registers its own in parts.ts, so bookings/ need
 * not know it): run inside the locked transaction, each refuses a stay on nights it claims now
 * (ctx.now()) with its own 409.
 */
type NightsClaim = (ctx: AppContext, trx: Kysely<Database>, stay: Stay) => Promise<void>;
const nightsClaims = new Set<NightsClaim>();

export function checkOtherClaimsWith(claim: NightsClaim): void {
  nightsClaims.add(claim);
}

async function assertNoOtherClaim(ctx: AppContext, trx: Kysely<Database>, stay: Stay): Promise<void> {
  for (const claim of nightsClaims) await claim(ctx, trx, stay);
}

/** Run inside the locked transaction: the owner's quota in every year the stay has nights in. */
export async function judgeQuota(
  trx: Kysely<Database>,
  ownerId: string,
  stay: Stay & { purpose: Purpose; status: BookingStatus },
  excludeId: string | null,
  override: boolean,
): Promise<OverriddenRule[]> {
  if (stay.purpose !== 'personal') return [];
  const quota = quotaOf(await getHouseRules(trx), ownerId);
  if (quota === null) return [];
  const years = [stay.start.slice(0, 4), stay.end.slice(0, 4)];
  const others = await listQuotaStays(trx, ownerId, `${years[0]}-01-01`, `${years[1]}-12-31`, excludeId);
  const excess = quotaExcess(stay, others, quota);
  if (!excess) return [];
  if (override) return ['quota'];
  throw new AppError(
    409,
    'QUOTA_EXCEEDED',
    `The quota of ${excess.quotaNights} nights in ${excess.year} has ${excess.remainingNights} left`,
    'end',
    undefined,
    { ...excess },
  );
}

/** Run inside the locked transaction, after judgeDates: turns, peak (request or not), overlap, quota. */
export async function judgeInTransaction(
  ctx: AppContext,
  trx: Kysely<Database>,
  ownerId: string,
  stay: Stay & { purpose: Purpose },
  excludeId: string | null,
  override: boolean,
): Promise<Verdict> {
  const overridden: OverriddenRule[] = [];
  const turns = await judgeTurns(trx, ownerId, stay, ctx.now());
  if (turns.refusal) {
    if (!override) throw turns.refusal;
    overridden.push('turn');
  }
  const onTurn = turns.turns.length > 0;
  let status: BookingStatus = 'confirmed';
  // A booking made on one's turn is confirmed: in a round the turn is the fairness tool.
  // A past stay an administrator records is history, not a request.
  if (!onTurn && stay.start >= todayIn(ctx.config.houseTimeZone, ctx.now()) && touchesPeak(stay, (await listPeakPeriods(trx)).map(toPeakPeriod))) {
    if (override) overridden.push('peak');
    else status = 'requested';
  }
  await assertNightsFree(trx, stay, status, excludeId);
  // Held nights are taken as booked ones are: no override sets that aside.
  await assertNoOtherClaim(ctx, trx, stay);
  overridden.push(...(await judgeQuota(trx, ownerId, { ...stay, status }, excludeId, override)));
  return { status, overridden, turns: turns.turns };
}
