import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { yearAccount } from './accounts.ts';
import { balancesFromClaims, HOUSE, ledgerClaims, memberBalances, settlementFor, splitByShares, type LedgerFacts } from './balances.ts';
import { canEditExpense, expenseDateTooFar } from './expenses.ts';

const memberIds = ['anna', 'luca', 'marco', 'sara'];
const members = memberIds.map((id) => ({ id, name: id, colour: '#000000' }));
const amount = fc.integer({ min: 1, max: 2_000_000 }).map((n) => n * 5);
const member = fc.constantFrom(...memberIds);

const facts: fc.Arbitrary<LedgerFacts> = fc.record({
  expenses: fc.array(fc.record({ paidById: fc.option(member, { nil: null }), amountCentimes: amount, verified: fc.boolean() }), { maxLength: 20 }),
  stays: fc.array(fc.record({ userId: member, costCentimes: fc.oneof(fc.constant(0), amount), checkedOut: fc.boolean(), paid: fc.boolean() }), { maxLength: 20 }),
  contributions: fc.array(fc.record({ userId: member, amountCentimes: amount, paid: fc.boolean() }), { maxLength: 8 }),
  settlements: fc.array(fc.record({ userId: member, kind: fc.constantFrom('reimbursement' as const, 'payment' as const), amountCentimes: amount }), { maxLength: 8 }),
});

const total = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

describe('balances', () => {
  it('every claim moves money between two parties, so everyone together is always at zero', () => {
    fc.assert(
      fc.property(facts, (f) => {
        for (const claim of ledgerClaims(f)) {
          expect(claim.creditor).not.toBe(claim.debtor);
          expect([claim.creditor, claim.debtor]).toContain(HOUSE);
        }
        const balances = memberBalances(f, members);
        expect(balances.houseCentimes + total(balances.members.map((m) => m.balanceCentimes))).toBe(0);
        expect(total(balancesFromClaims(ledgerClaims(f)).values())).toBe(0);
      }),
    );
  });

  it("each member's balance is what they paid, less what they owe, plus what they settled", () => {
    fc.assert(
      fc.property(facts, (f) => {
        for (const m of memberBalances(f, members).members) {
          expect(m.balanceCentimes).toBe(m.paidCentimes - m.owedCentimes + m.settledCentimes);
        }
      }),
    );
  });

  it("settling a member's balance brings it to zero and leaves the others as they were", () => {
    fc.assert(
      fc.property(facts, member, (f, id) => {
        const before = memberBalances(f, members);
        const balance = before.members.find((m) => m.memberId === id)!.balanceCentimes;
        const settlement = settlementFor(balance);
        const after = memberBalances(settlement ? { ...f, settlements: [...f.settlements, { userId: id, ...settlement }] } : f, members);
        for (const m of after.members) {
          expect(m.balanceCentimes).toBe(m.memberId === id ? 0 : before.members.find((b) => b.memberId === m.memberId)!.balanceCentimes);
        }
      }),
    );
  });

  it('the order of the facts does not matter', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const reversed = { expenses: [...f.expenses].reverse(), stays: [...f.stays].reverse(), contributions: [...f.contributions].reverse(), settlements: [...f.settlements].reverse() };
        expect(memberBalances(reversed, members)).toEqual(memberBalances(f, members));
      }),
    );
  });

  it('counts a hand-computed example', () => {
    const balances = memberBalances(
      {
        expenses: [
          { paidById: 'anna', amountCentimes: 45_000, verified: true },
          { paidById: 'anna', amountCentimes: 10_000, verified: false },
          { paidById: null, amountCentimes: 99_000, verified: true },
        ],
        stays: [{ userId: 'luca', costCentimes: 18_000, checkedOut: true, paid: false }],
        contributions: [{ userId: 'anna', amountCentimes: 75_000, paid: false }],
        settlements: [{ userId: 'luca', kind: 'payment', amountCentimes: 8_000 }],
      },
      members.slice(0, 2),
    );
    expect(balances.members.map((m) => [m.memberId, m.paidCentimes, m.owedCentimes, m.settledCentimes, m.balanceCentimes])).toEqual([
      ['anna', 45_000, 75_000, 0, -30_000],
      ['luca', 0, 18_000, 8_000, -10_000],
    ]);
    expect(balances.houseCentimes).toBe(40_000);
  });
});

describe('splitByShares', () => {
  it('adds up exactly to the rounded total, in 5-centime steps, close to each share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 12 }), (totalCentimes, weights) => {
        const parts = splitByShares(totalCentimes, weights);
        const rounded = Math.round(totalCentimes / 5) * 5;
        expect(total(parts)).toBe(rounded);
        const weightSum = total(weights);
        parts.forEach((part, i) => {
          expect(part % 5).toBe(0);
          expect(Math.abs(part - (rounded * weights[i]!) / weightSum)).toBeLessThan(5);
        });
      }),
    );
  });

  it('splits 3000 francs among three co-owners', () => {
    expect(splitByShares(300_000, [1, 1, 1])).toEqual([100_000, 100_000, 100_000]);
    expect(splitByShares(100_000, [1, 1, 1])).toEqual([33_335, 33_335, 33_330]);
    expect(splitByShares(300_000, [50, 30, 20])).toEqual([150_000, 90_000, 60_000]);
  });
});

describe('expense rules', () => {
  it('lets the author edit until verified, and admins always', () => {
    const expense = { authorId: 'anna', verified: false };
    expect(canEditExpense({ id: 'anna', role: 'member' }, expense)).toBe(true);
    expect(canEditExpense({ id: 'luca', role: 'member' }, expense)).toBe(false);
    expect(canEditExpense({ id: 'anna', role: 'member' }, { ...expense, verified: true })).toBe(false);
    expect(canEditExpense({ id: 'luca', role: 'admin' }, { ...expense, verified: true })).toBe(true);
  });

  it('refuses dates more than a year ahead', () => {
    expect(expenseDateTooFar('2027-11-23', '2026-11-23')).toBe(false);
    expect(expenseDateTooFar('2027-11-25', '2026-11-23')).toBe(true);
  });
});

describe('yearAccount', () => {
  it('sums income by method, expenses by category and month, and the fixed costs', () => {
    const account = yearAccount(
      {
        stays: [
          { end: '2026-03-02', costCentimes: 18_000, paid: true, paymentMethod: 'twint' },
          { end: '2026-03-20', costCentimes: 10_000, paid: true, paymentMethod: 'bank_transfer' },
          { end: '2026-04-01', costCentimes: 5_000, paid: false, paymentMethod: null },
          { end: '2025-12-30', costCentimes: 7_000, paid: true, paymentMethod: 'twint' },
        ],
        expenses: [
          { date: '2026-01-15', amountCentimes: 120_000, category: 'insurance', recurring: true },
          { date: '2026-03-05', amountCentimes: 35_050, category: 'repairs', recurring: false },
          { date: '2027-01-01', amountCentimes: 1_000, category: 'water', recurring: true },
        ],
        contributions: [{ year: 2026, amountCentimes: 100_000, paid: true, paidAt: '2026-02-10T10:00:00Z' }],
        budgetCentimes: 300_000,
      },
      2026,
    );
    expect(account.income.byMethod).toEqual([
      { method: 'bank_transfer', centimes: 10_000 },
      { method: 'twint', centimes: 18_000 },
    ]);
    expect(account.income.totalCentimes).toBe(128_000);
    expect(account.expenses.totalCentimes).toBe(155_050);
    expect(account.resultCentimes).toBe(-27_050);
    expect(account.budget).toEqual({ budgetCentimes: 300_000, fixedSpentCentimes: 120_000 });
    expect(account.months[1]).toEqual({ month: 2, incomeCentimes: 100_000, expensesCentimes: 0 });
    expect(account.months[2]).toEqual({ month: 3, incomeCentimes: 28_000, expensesCentimes: 35_050 });
  });
});
