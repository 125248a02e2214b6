import { randomUUID } from 'node:crypto';
import type { PeakPeriod, PeakPeriodInput } from '@rustico/core';
import type { AppContext } from '../context.ts';
import type { PeakPeriodsTable } from '../db/schema.ts';
import { uniqueViolation } from '../db/constraints.ts';
import type { Db } from '../db/database.ts';
import { AppError, notFound } from '../http/errors.ts';
import { recordChange } from '../history/service.ts';
import { insertRuleChanges } from '../house/rules.ts';
import { deletePeakPeriod as deleteRow, findPeakPeriod, findPeakPeriodByName, insertPeakPeriod, listPeakPeriods, updatePeakPeriod as updateRow } from './repository.ts';

// What other features read and write of peaks goes through here, not its repository.
export { listPeakPeriods } from './repository.ts';

type Ctx = Pick<AppContext, 'db' | 'now' | 'events'>;

export function toPeakPeriod(row: PeakPeriodsTable): PeakPeriod {
  return { id: row.id, name: row.name, from: row.fromDay, to: row.toDay, year: row.year };
}

/** What the history keeps of a period. */
const fields = (p: PeakPeriod) => ({ name: p.name, from: p.from, to: p.to, year: p.year });
const snapshot = (p: PeakPeriod) => JSON.stringify(fields(p));
const recordPeakChange = (trx: Db, actorId: string | null, at: string, action: 'created' | 'updated' | 'deleted', before: PeakPeriod | null, after: PeakPeriod | null) =>
  recordChange(trx, { subject: 'peak', subjectId: (after ?? before)!.id, ownerId: null, action, byId: actorId, at: new Date(at), label: (after ?? before)!.name, before: before && fields(before), after: after && fields(after) });

const nameTaken = () => new AppError(409, 'PEAK_NAME_TAKEN', 'A peak period with this name exists already', 'name');

export async function peakPeriods(db: Db): Promise<PeakPeriod[]> {
  return (await listPeakPeriods(db)).map(toPeakPeriod);
}

export async function addPeakPeriod(ctx: Ctx, actorId: string | null, input: PeakPeriodInput): Promise<PeakPeriod> {
  const at = ctx.now().toISOString();
  const row: PeakPeriodsTable = { id: randomUUID(), name: input.name, fromDay: input.from, toDay: input.to, year: input.year ?? null, createdAt: at };
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await insertPeakPeriod(trx, row))) throw nameTaken();
    await insertRuleChanges(trx, [{ at, byId: actorId, rule: 'peakPeriod', memberId: null, before: null, after: snapshot(toPeakPeriod(row)) }]);
    await recordPeakChange(trx, actorId, at, 'created', null, toPeakPeriod(row));
  });
  ctx.events.publish({ type: 'rules', action: 'updated', id: row.id }, null);
  return toPeakPeriod(row);
}

export async function changePeakPeriod(ctx: Ctx, actorId: string | null, id: string, input: PeakPeriodInput): Promise<PeakPeriod> {
  const at = ctx.now().toISOString();
  const changed = await ctx.db.transaction().execute(async (trx) => {
    const current = await findPeakPeriod(trx, id);
    if (!current) throw notFound('Peak period');
    const other = await findPeakPeriodByName(trx, input.name);
    if (other && other.id !== id) throw nameTaken();
    const next = { ...current, name: input.name, fromDay: input.from, toDay: input.to, year: input.year ?? null };
    await updateRow(trx, id, next);
    const [before, after] = [toPeakPeriod(current), toPeakPeriod(next)];
    if (snapshot(before) !== snapshot(after)) await insertRuleChanges(trx, [{ at, byId: actorId, rule: 'peakPeriod', memberId: null, before: snapshot(before), after: snapshot(after) }]);
    await recordPeakChange(trx, actorId, at, 'updated', before, after);
    return after;
  }).catch((error: unknown) => {
    // Renamed at once to the same name by another request, after the check above.
    throw uniqueViolation(error)?.columns.includes('name') ? nameTaken() : error;
  });
  ctx.events.publish({ type: 'rules', action: 'updated', id }, null);
  return changed;
}

export async function removePeakPeriod(ctx: Ctx, actorId: string | null, id: string): Promise<PeakPeriod> {
  const at = ctx.now().toISOString();
  const removed = await ctx.db.transaction().execute(async (trx) => {
    const current = await findPeakPeriod(trx, id);
    if (!current) throw notFound('Peak period');
    await deleteRow(trx, id);
    await insertRuleChanges(trx, [{ at, byId: actorId, rule: 'peakPeriod', memberId: null, before: snapshot(toPeakPeriod(current)), after: null }]);
    await recordPeakChange(trx, actorId, at, 'deleted', toPeakPeriod(current), null);
    return toPeakPeriod(current);
  });
  ctx.events.publish({ type: 'rules', action: 'updated', id }, null);
  return removed;
}

/** The CLI names periods, not ids. */
export async function removePeakPeriodByName(ctx: Ctx, name: string): Promise<PeakPeriod> {
  const row = await findPeakPeriodByName(ctx.db, name);
  if (!row) throw new AppError(404, 'NOT_FOUND', `No peak period named '${name}'`, 'name');
  return removePeakPeriod(ctx, null, row.id);
}
