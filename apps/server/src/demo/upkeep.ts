import { randomUUID } from 'node:crypto';
import { addDays, shiftYears, todayIn } from '@rustico/core';
import type { AppContext } from '../context.ts';
import { insertHandover, insertSupply, insertTask } from '../upkeep/service.ts';

/** The house's supplies; the firewood is low, Elena brings the salt. */
const SUPPLIES: { name: string; state: 'ok' | 'low' | 'out'; claimedBy?: string }[] = [
  { name: 'Legna', state: 'low' },
  { name: 'Bombola del gas', state: 'ok' },
  { name: 'Sale per l’addolcitore', state: 'low', claimedBy: 'elena' },
  { name: 'Carta igienica', state: 'ok' },
  { name: 'Lampadine E27', state: 'ok' },
  { name: 'Detersivo per i piatti', state: 'ok' },
  { name: 'Sacchi della spazzatura', state: 'ok' },
];

/**
 * Between stays in the demo house: its supplies with one low, two yearly tasks (opening the water
 * in April, the chimney sweep in October) and the handover of the last stay, with its problem.
 */
export async function seedDemoUpkeep(ctx: AppContext, ids: Map<string, string>): Promise<void> {
  const at = ctx.now().toISOString();
  const marco = ids.get('marco')!;
  for (const supply of SUPPLIES) {
    const claimer = supply.claimedBy ? ids.get(supply.claimedBy)! : null;
    await insertSupply(ctx.db, { id: randomUUID(), name: supply.name, state: supply.state, claimedById: claimer, claimedAt: claimer ? at : null, authorId: marco, archived: 0, createdAt: at, updatedAt: at });
  }
  const today = todayIn(ctx.config.houseTimeZone, ctx.now());
  const year = Number(today.slice(0, 4));
  // Each yearly task at its next window that is not over yet.
  const nextWindow = (from: string, to: string) => (`${year}-${to}` >= today ? { fromDate: `${year}-${from}`, toDate: `${year}-${to}` } : { fromDate: shiftYears(`${year}-${from}`, 1), toDate: shiftYears(`${year}-${to}`, 1) });
  const task = { assigneeId: null, authorId: marco, photoKey: null, doneAt: null, bookingId: null, createdAt: at, updatedAt: at };
  await insertTask(ctx.db, {
    ...task,
    id: randomUUID(),
    title: 'Aprire l’acqua',
    note: 'Rubinetto generale in cantina, poi il boiler dal quadro: vedi la guida [Acqua](/app/tutorial/acqua).',
    yearly: 1,
    ...nextWindow('04-01', '04-30'),
  });
  await insertTask(ctx.db, {
    ...task,
    id: randomUUID(),
    title: 'Spazzacamino',
    note: 'Chiamare lo spazzacamino di Olivone (091 872 11 22) e lasciargli la chiave nella cassetta.',
    yearly: 1,
    assigneeId: marco,
    ...nextWindow('10-01', '10-31'),
  });
  // The last finished stay left a note for whoever comes next, and a dripping tap.
  const last = await ctx.db
    .selectFrom('bookings')
    .select(['id', 'userId', 'endDate'])
    .where('checkedOut', '=', 1)
    .where('endDate', '<=', today)
    .orderBy('endDate', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last) return;
  const left = `${last.endDate}T09:30:00.000Z`;
  await insertHandover(ctx.db, { id: randomUUID(), bookingId: last.id, userId: last.userId, note: 'La legna sta finendo: ne resta per una sera. Le chiavi del capanno sono appese in cucina.', date: last.endDate, createdAt: left });
  await insertTask(ctx.db, { ...task, id: randomUUID(), title: 'Il rubinetto del bagno gocciola', note: null, yearly: 0, authorId: last.userId, bookingId: last.id, fromDate: last.endDate, toDate: addDays(last.endDate, 30), createdAt: left, updatedAt: left });
}
