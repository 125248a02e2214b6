import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BookingStatus } from './bookings.ts';
import { addDays } from './dates.ts';
import { nightsByYear, quotaExcess, usedQuotaNights } from './fairness.ts';
import type { PeakRange } from './peak-periods.ts';
import { judgeSwap, type SwapParty, type SwapStay } from './swaps.ts';

const TODAY = '2027-01-01';
let counter = 0;
const stayArb = (purpose?: 'personal' | 'maintenance') =>
  fc
    .record({
      offset: fc.integer({ min: -30, max: 700 }),
      nights: fc.integer({ min: 1, max: 20 }),
      purpose: purpose ? fc.constant(purpose) : fc.constantFrom('personal' as const, 'maintenance' as const),
      status: fc.constantFrom<BookingStatus>('confirmed', 'requested'),
    })
    .map(({ offset, nights, ...rest }): SwapStay => {
      counter += 1;
      const start = addDays(TODAY, offset);
      return { id: `s${counter}`, start, end: addDays(start, nights), ...rest };
    });
const quotaArb = fc.option(fc.integer({ min: 0, max: 60 }), { nil: null });
const partyArb = (memberId: string) =>
  fc.record({ gives: stayArb(), others: fc.array(stayArb(), { maxLength: 5 }), quotaNights: quotaArb }).map(
    ({ gives, others, quotaNights }): SwapParty => ({ memberId, gives, stays: [gives, ...others], quotaNights }),
  );
const peaksArb = fc.array(
  fc.record({ from: fc.constantFrom('07-01', '12-20', '02-10'), to: fc.constantFrom('08-31', '01-06', '02-20'), year: fc.constant(null) }),
  { maxLength: 2 },
) as fc.Arbitrary<PeakRange[]>;

/** Each member's stays once the swap is done. */
function swapped(a: SwapParty, b: SwapParty, statuses: Record<string, BookingStatus>): [SwapParty, SwapParty] {
  const move = (from: SwapParty, to: SwapParty): SwapParty => ({
    ...to,
    gives: from.gives && { ...from.gives, status: statuses[from.gives.id]! },
    stays: [...to.stays.filter((s) => s.id !== to.gives?.id), ...(from.gives ? [{ ...from.gives, status: statuses[from.gives.id]! }] : [])],
  });
  return [move(b, a), move(a, b)];
}

const fitsQuota = (party: SwapParty) =>
  party.quotaNights === null || [...new Set(party.stays.flatMap((s) => [...nightsByYear(s).keys()]))].every((y) => usedQuotaNights(party.stays, y) <= party.quotaNights!);

describe('judgeSwap', () => {
  it('refuses a stay that has begun and the quota of whoever would go past it, naming them', () => {
    const a: SwapParty = { memberId: 'anna', gives: { id: 'x', start: '2027-02-01', end: '2027-02-12', purpose: 'personal', status: 'confirmed' }, stays: [], quotaNights: 30 };
    a.stays = [a.gives!];
    const b: SwapParty = { memberId: 'luca', gives: { id: 'y', start: '2027-03-01', end: '2027-03-04', purpose: 'personal', status: 'confirmed' }, stays: [], quotaNights: 10 };
    b.stays = [b.gives!];
    expect(judgeSwap({ a, b, peaks: [], today: TODAY })).toEqual({
      refusals: [{ rule: 'quota', memberId: 'luca', bookingId: 'x', year: 2027, quotaNights: 10, usedNights: 0, remainingNights: 10, requestedNights: 11 }],
      statuses: { x: 'confirmed', y: 'confirmed' },
    });
    expect(judgeSwap({ a, b: { ...b, quotaNights: 10 }, peaks: [], today: '2027-02-01' }).refusals.map((r) => [r.rule, r.memberId])).toEqual([
      ['started', 'anna'],
      ['quota', 'luca'],
    ]);
    // Into a peak period the stay is a request for its new owner.
    expect(judgeSwap({ a, b: { ...b, quotaNights: null }, peaks: [{ from: '03-01', to: '03-31', year: null }], today: TODAY }).statuses).toEqual({ x: 'confirmed', y: 'requested' });
  });

  it('judges a stay given to someone who gives nothing back', () => {
    const a: SwapParty = { memberId: 'anna', gives: { id: 'x', start: '2027-02-01', end: '2027-02-08', purpose: 'personal', status: 'confirmed' }, stays: [], quotaNights: null };
    const c: SwapParty = { memberId: 'carla', gives: null, stays: [{ id: 'z', start: '2027-05-01', end: '2027-05-05', purpose: 'personal', status: 'confirmed' }], quotaNights: 10 };
    expect(judgeSwap({ a, b: c, peaks: [], today: TODAY }).refusals).toEqual([{ rule: 'quota', memberId: 'carla', bookingId: 'x', year: 2027, quotaNights: 10, usedNights: 4, remainingNights: 6, requestedNights: 7 }]);
    expect(judgeSwap({ a, b: { ...c, quotaNights: 11 }, peaks: [], today: TODAY }).refusals).toEqual([]);
  });

  it('is symmetric: who proposes does not change the verdict', () => {
    fc.assert(
      fc.property(partyArb('anna'), partyArb('luca'), peaksArb, (a, b, peaks) => {
        const ab = judgeSwap({ a, b, peaks, today: TODAY });
        const ba = judgeSwap({ a: b, b: a, peaks, today: TODAY });
        const key = (r: { rule: string; memberId: string; bookingId: string }) => `${r.rule}:${r.memberId}:${r.bookingId}`;
        expect(ab.refusals.map(key).sort()).toEqual(ba.refusals.map(key).sort());
        expect(ab.statuses).toEqual(ba.statuses);
      }),
    );
  });

  it('never breaks a quota that held when two personal stays of the same nights per year and step are swapped outside peaks', () => {
    const sameNights = fc.tuple(partyArb('anna'), partyArb('luca'), fc.integer({ min: 0, max: 300 })).map(([a, b, shift]) => {
      // b gives a stay as long as a's, in the same year, with a's purpose and status.
      const start = addDays(`${a.gives!.start.slice(0, 4)}-01-01`, shift % 340);
      const givesB: SwapStay = { ...a.gives!, id: `${b.gives!.id}b`, start, end: addDays(start, [...nightsByYear(a.gives!).values()].reduce((s, n) => s + n, 0)) };
      return { a, b: { ...b, gives: givesB, stays: [givesB, ...b.stays.slice(1)] } };
    });
    fc.assert(
      fc.property(sameNights, ({ a, b }) => {
        fc.pre(JSON.stringify([...nightsByYear(a.gives!)]) === JSON.stringify([...nightsByYear(b.gives!)]));
        fc.pre(fitsQuota(a) && fitsQuota(b));
        expect(judgeSwap({ a, b, peaks: [], today: '2020-01-01' }).refusals).toEqual([]);
      }),
    );
  });

  it('lets a swap done be swapped back, which restores who holds what', () => {
    fc.assert(
      fc.property(partyArb('anna'), partyArb('luca'), (a, b) => {
        fc.pre(fitsQuota(a) && fitsQuota(b));
        const first = judgeSwap({ a, b, peaks: [], today: '2020-01-01' });
        fc.pre(first.refusals.length === 0);
        const [a2, b2] = swapped(a, b, first.statuses);
        const back = judgeSwap({ a: a2, b: b2, peaks: [], today: '2020-01-01' });
        expect(back.refusals).toEqual([]);
        const [a3, b3] = swapped(a2, b2, back.statuses);
        const ids = (p: SwapParty) => p.stays.map((s) => s.id).sort();
        expect([ids(a3), ids(b3)]).toEqual([ids(a), ids(b)]);
        expect([a3.gives, b3.gives]).toEqual([a.gives, b.gives]);
      }),
    );
  });

  it('names in each quota refusal the member whose quota the stay they receive breaks, and only then', () => {
    fc.assert(
      fc.property(partyArb('anna'), partyArb('luca'), peaksArb, (a, b, peaks) => {
        const { refusals, statuses } = judgeSwap({ a, b, peaks, today: TODAY });
        for (const [giver, receiver] of [
          [a, b],
          [b, a],
        ] as const) {
          const received = { ...giver.gives!, status: statuses[giver.gives!.id]! };
          const others = receiver.stays.filter((s) => s.id !== receiver.gives!.id && s.id !== giver.gives!.id);
          const breaks = quotaExcess(received, others, receiver.quotaNights) !== null;
          expect(refusals.some((r) => r.rule === 'quota' && r.memberId === receiver.memberId && r.bookingId === received.id)).toBe(breaks);
        }
        for (const r of refusals.filter((r) => r.rule === 'started')) expect([a, b].find((p) => p.memberId === r.memberId)!.gives!.start <= TODAY).toBe(true);
      }),
    );
  });
});
