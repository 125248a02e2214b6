import { randomUUID } from 'node:crypto';
import {
  contributionSharesSchema,
  DEFAULT_BUDGET_CENTIMES,
  memberBalances,
  roundTo5Centimes,
  shareWeights,
  splitByShares,
  yearAccount,
  type Balances,
  type BalancesResponse,
  type Contribution,
  type ContributionShares,
  type ContributionsResponse,
  type Language,
  type SessionUser,
  type Settlement,
  type SettlementInput,
  type YearAccount,
} from '@rustico/core';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.ts';
import { lockMoneyForWrite } from '../db/locks.ts';
import type { Database } from '../db/schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import { balanceMessage, contributionMessage, creditorReference, type Bill } from '../stays/qr-bill.ts';
import { getSetting, putSetting } from '../db/settings.ts';
import { listUsers } from '../users/service.ts';
import {
  findContribution,
  insertContributions,
  insertSettlement,
  listContributions,
  listExpenseFacts,
  listSettlements,
  listStayFacts,
  markContributionPaid,
} from './repository.ts';

// What other features read and write of accounts goes through here, not its repository.
export { insertContributions, insertSettlement } from './repository.ts';

const BUDGET_KEY = 'accounts.budget';
const SHARES_KEY = 'accounts.shares';

function announce(ctx: AppContext, id: string) {
  ctx.events.publish({ type: 'money', action: 'updated', id }, null);
}

export async function getBudget(db: Kysely<Database>): Promise<number> {
  const raw = await getSetting(db, BUDGET_KEY);
  const value = raw === undefined ? Number.NaN : Number(raw);
  return Number.isInteger(value) && value >= 0 ? value : DEFAULT_BUDGET_CENTIMES;
}

export async function setBudget(ctx: AppContext, budgetCentimes: number): Promise<void> {
  await putSetting(ctx.db, BUDGET_KEY, String(budgetCentimes));
  announce(ctx, 'budget');
}

export async function getShares(db: Kysely<Database>): Promise<ContributionShares | null> {
  const value = await getSetting(db, SHARES_KEY);
  if (!value) return null;
  const parsed = contributionSharesSchema.safeParse(JSON.parse(value));
  return parsed.success ? parsed.data : null;
}

export async function setShares(ctx: AppContext, shares: ContributionShares): Promise<void> {
  const known = new Set((await listUsers(ctx.db)).filter((u) => u.disabled === 0).map((u) => u.id));
  if (shares.shares.some((share) => !known.has(share.userId))) throw new AppError(400, 'UNKNOWN_MEMBER', 'No such member', 'shares');
  await putSetting(ctx.db, SHARES_KEY, JSON.stringify(shares));
  announce(ctx, 'shares');
}

export async function accountOfYear(ctx: AppContext, year: number): Promise<YearAccount> {
  const [stays, expenses, contributions, budgetCentimes] = await Promise.all([
    listStayFacts(ctx.db),
    listExpenseFacts(ctx.db),
    listContributions(ctx.db, year),
    getBudget(ctx.db),
  ]);
  return yearAccount(
    {
      stays: stays.map((s) => ({ ...s, paid: s.paid === 1 })),
      expenses: expenses.map((e) => ({ ...e, recurring: e.recurring === 1 })),
      contributions: contributions.map((c) => ({ ...c, paid: c.paid === 1 })),
      budgetCentimes,
    },
    year,
  );
}

/** Everyone's balance over the whole history of the house. */
async function computeBalances(db: Kysely<Database>): Promise<Balances> {
  const [users, stays, expenses, contributions, settlements] = await Promise.all([
    listUsers(db),
    listStayFacts(db),
    listExpenseFacts(db),
    listContributions(db),
    listSettlements(db),
  ]);
  const balances = memberBalances(
    {
      expenses: expenses.map((e) => ({ ...e, verified: e.verified === 1 })),
      stays: stays.map((s) => ({ ...s, checkedOut: s.checkedOut === 1, paid: s.paid === 1 })),
      contributions: contributions.map((c) => ({ ...c, paid: c.paid === 1 })),
      settlements,
    },
    users,
  );
  // Disabled and hidden accounts show only while money is open between them and the house.
  const shown = new Set(users.filter((u) => u.disabled === 0 && u.hidden === 0).map((u) => u.id));
  return { ...balances, members: balances.members.filter((m) => shown.has(m.memberId) || m.balanceCentimes !== 0) };
}

function toSettlement(row: Awaited<ReturnType<typeof listSettlements>>[number]): Settlement {
  return { id: row.id, userId: row.userId, kind: row.kind, amountCentimes: row.amountCentimes, name: row.name, recordedByName: row.recordedByName, createdAt: row.createdAt };
}

export async function balances(ctx: AppContext): Promise<BalancesResponse> {
  const [computed, settlements] = await Promise.all([computeBalances(ctx.db), listSettlements(ctx.db)]);
  return { ...computed, settlements: settlements.slice(0, 20).map(toSettlement) };
}

export async function balanceOf(ctx: AppContext, userId: string): Promise<number> {
  return (await computeBalances(ctx.db)).members.find((m) => m.memberId === userId)?.balanceCentimes ?? 0;
}

/**
 * Records money that changed hands: the house reimbursing a member, or a
 * member paying the house. It may settle at most what is open, checked under
 * the lock so two admins recording the same reimbursement cannot both succeed.
 */
export async function recordSettlement(ctx: AppContext, admin: SessionUser, request: SettlementInput): Promise<Settlement> {
  const id = randomUUID();
  const input = { ...request, amountCentimes: roundTo5Centimes(request.amountCentimes) };
  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockMoneyForWrite(trx);
    const member = (await computeBalances(trx)).members.find((m) => m.memberId === input.userId);
    if (!member) throw new AppError(400, 'UNKNOWN_MEMBER', 'No such member', 'userId');
    const open = input.kind === 'reimbursement' ? member.balanceCentimes : -member.balanceCentimes;
    if (input.amountCentimes > open) {
      throw new AppError(409, 'NOTHING_OWED', `At most ${Math.max(0, open)} centimes are open`, 'amountCentimes');
    }
    await insertSettlement(trx, { id, userId: input.userId, kind: input.kind, amountCentimes: input.amountCentimes, recordedById: admin.id, createdAt: ctx.now().toISOString() });
    return (await listSettlements(trx)).find((s) => s.id === id)!;
  });
  announce(ctx, id);
  return toSettlement(row);
}

function toContribution(row: Awaited<ReturnType<typeof listContributions>>[number]): Contribution {
  return { id: row.id, year: row.year, userId: row.userId, name: row.name, amountCentimes: row.amountCentimes, paid: row.paid === 1, paidAt: row.paidAt };
}

export async function contributionsOfYear(ctx: AppContext, year: number): Promise<ContributionsResponse> {
  const [rows, budgetCentimes, shares] = await Promise.all([listContributions(ctx.db, year), getBudget(ctx.db), getShares(ctx.db)]);
  return { year, budgetCentimes, shares, contributions: rows.map(toContribution) };
}

/** Issues each co-owner's share of the year's budget; issuing again adds nothing. */
export async function issueContributions(ctx: AppContext, year: number): Promise<ContributionsResponse> {
  const shares = await getShares(ctx.db);
  if (!shares) throw new AppError(409, 'SHARES_MISSING', 'Define the co-owners’ shares first');
  const budget = await getBudget(ctx.db);
  const amounts = splitByShares(budget, shareWeights(shares));
  const at = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await lockMoneyForWrite(trx);
    await insertContributions(
      trx,
      shares.shares.map((share, index) => ({ id: randomUUID(), year, userId: share.userId, amountCentimes: amounts[index]!, paid: 0, paidAt: null, createdAt: at })),
    );
  });
  announce(ctx, `contributions-${year}`);
  return contributionsOfYear(ctx, year);
}

export async function payContribution(ctx: AppContext, id: string): Promise<Contribution> {
  const row = await findContribution(ctx.db, id);
  if (!row) throw notFound('Contribution');
  if (!(await markContributionPaid(ctx.db, id, ctx.now().toISOString()))) throw new AppError(409, 'STEP_DONE', 'This contribution is paid already');
  announce(ctx, id);
  return toContribution((await findContribution(ctx.db, id))!);
}

export async function contribution(ctx: AppContext, id: string): Promise<Contribution> {
  const row = await findContribution(ctx.db, id);
  if (!row) throw notFound('Contribution');
  return toContribution(row);
}

/** The bill of what a member owes the house, named by the day and the member; its message in the reader's language. */
export function balanceBill(member: { id: string; name: string }, amountCentimes: number, today: string, language: Language): Bill {
  return {
    amountCentimes,
    reference: creditorReference(`S${today.replaceAll('-', '')}${member.id.replaceAll('-', '').slice(0, 12)}`),
    message: balanceMessage(language, member.name),
  };
}

export function contributionBill(c: Contribution, language: Language): Bill {
  return {
    amountCentimes: c.amountCentimes,
    reference: creditorReference(`C${c.year}${c.id.replaceAll('-', '').slice(0, 12)}`),
    message: contributionMessage(language, c.year, c.name),
  };
}
