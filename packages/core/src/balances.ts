import type { Balances } from './api/balances.ts';
import { roundTo5Centimes, type Centimes } from './money.ts';

/** The house's own account as a party of the ledger, beside the members' ids. */
export const HOUSE = 'house';

/**
 * One claim between two parties: the creditor's balance goes up by the
 * amount, the debtor's down by the same. Every expense, stay, contribution
 * and settlement becomes such claims, so the balances always add up to zero.
 */
export interface Claim {
  creditor: string;
  debtor: string;
  amountCentimes: Centimes;
}

export interface LedgerFacts {
  /** Only verified expenses count: an unverified one is still a request. */
  expenses: readonly { paidById: string | null; amountCentimes: Centimes; verified: boolean }[];
  stays: readonly { userId: string; costCentimes: Centimes; checkedOut: boolean; paid: boolean }[];
  contributions: readonly { userId: string; amountCentimes: Centimes; paid: boolean }[];
  settlements: readonly { userId: string; kind: SettlementKind; amountCentimes: Centimes }[];
}

/** `reimbursement`: the house paid a member back; `payment`: a member paid the house. */
export const settlementKinds = ['reimbursement', 'payment'] as const;
export type SettlementKind = (typeof settlementKinds)[number];

export function ledgerClaims(facts: LedgerFacts): Claim[] {
  const claims: Claim[] = [];
  for (const expense of facts.expenses) {
    // The house paying from its own account moves nothing between the parties.
    if (expense.verified && expense.paidById) claims.push({ creditor: expense.paidById, debtor: HOUSE, amountCentimes: expense.amountCentimes });
  }
  for (const stay of facts.stays) {
    if (stay.checkedOut && !stay.paid && stay.costCentimes > 0) claims.push({ creditor: HOUSE, debtor: stay.userId, amountCentimes: stay.costCentimes });
  }
  for (const contribution of facts.contributions) {
    if (!contribution.paid) claims.push({ creditor: HOUSE, debtor: contribution.userId, amountCentimes: contribution.amountCentimes });
  }
  for (const settlement of facts.settlements) {
    claims.push(
      settlement.kind === 'payment'
        ? { creditor: settlement.userId, debtor: HOUSE, amountCentimes: settlement.amountCentimes }
        : { creditor: HOUSE, debtor: settlement.userId, amountCentimes: settlement.amountCentimes },
    );
  }
  return claims;
}

/** Each party's balance from the claims; the values always sum to zero. */
export function balancesFromClaims(claims: readonly Claim[]): Map<string, Centimes> {
  const balances = new Map<string, Centimes>([[HOUSE, 0]]);
  for (const claim of claims) {
    balances.set(claim.creditor, (balances.get(claim.creditor) ?? 0) + claim.amountCentimes);
    balances.set(claim.debtor, (balances.get(claim.debtor) ?? 0) - claim.amountCentimes);
  }
  return balances;
}

/** Every member's paid, owed, settled and balance, and the house's total. */
export function memberBalances(facts: LedgerFacts, members: readonly { id: string; name: string; colour: string }[]): Balances {
  const byParty = balancesFromClaims(ledgerClaims(facts));
  const rows = members.map((member) => {
    const paid = sum(facts.expenses.filter((e) => e.verified && e.paidById === member.id).map((e) => e.amountCentimes));
    const owed =
      sum(facts.stays.filter((s) => s.userId === member.id && s.checkedOut && !s.paid).map((s) => s.costCentimes)) +
      sum(facts.contributions.filter((c) => c.userId === member.id && !c.paid).map((c) => c.amountCentimes));
    const settled = sum(
      facts.settlements.filter((s) => s.userId === member.id).map((s) => (s.kind === 'payment' ? s.amountCentimes : -s.amountCentimes)),
    );
    return { memberId: member.id, name: member.name, colour: member.colour, paidCentimes: paid, owedCentimes: owed, settledCentimes: settled, balanceCentimes: byParty.get(member.id) ?? 0 };
  });
  return { members: rows, houseCentimes: byParty.get(HOUSE) ?? 0 };
}

/** What settles a balance: the house reimburses a positive one, the member pays a negative one. */
export function settlementFor(balanceCentimes: Centimes): { kind: SettlementKind; amountCentimes: Centimes } | null {
  if (balanceCentimes === 0) return null;
  return balanceCentimes > 0 ? { kind: 'reimbursement', amountCentimes: balanceCentimes } : { kind: 'payment', amountCentimes: -balanceCentimes };
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/**
 * Splits a yearly total among co-owners by weight (equal shares are equal
 * weights, percentages their numbers), in 5-centime steps that add up exactly
 * to the rounded total: the leftover steps go to the largest remainders.
 */
export function splitByShares(totalCentimes: Centimes, weights: readonly number[]): Centimes[] {
  const steps = roundTo5Centimes(totalCentimes) / 5;
  const weightSum = sum(weights);
  if (weights.length === 0 || weightSum <= 0) return weights.map(() => 0);
  const raw = weights.map((weight) => (steps * weight) / weightSum);
  const parts = raw.map(Math.floor);
  let left = steps - sum(parts);
  const order = raw.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts.map((part) => part * 5);
}
