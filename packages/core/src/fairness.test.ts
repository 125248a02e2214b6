import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BookingStatus } from './bookings.ts';
import { addDays, nightsBetween } from './dates.ts';
import {
  blocksStay,
  dateRuleRefusals,
  freedDays,
  latestBookableDay,
  nightsByYear,
  noticeTooShort,
  outsideBookingWindow,
  quotaExcess,
  quotaOf,
  usedQuotaNights,
  type QuotaStay,
} from './fairness.ts';
import { heldDays } from './peak-periods.ts';

const day = fc.integer({ min: 0, max: 3650 }).map((n) => addDays('2024-01-01', n));
const status = fc.constantFrom<BookingStatus>('confirmed', 'requested', 'declined');
const quotaStay = fc
  .record({ start: day, nights: fc.nat(20), purpose: fc.constantFrom('personal' as const, 'maintenance' as const), status })
  .map(({ start, nights, ...rest }): QuotaStay => ({ start, end: addDays(start, nights), ...rest }));

describe('quota', () => {
  it('counts nights in the calendar year of the night: a stay over New Year is split', () => {
    expect([...nightsByYear({ start: '2026-12-29', end: '2027-01-03' })]).toEqual([
      [2026, 3],
      [2027, 2],
    ]);
    expect(nightsByYear({ start: '2026-12-31', end: '2026-12-31' }).size).toBe(0);
  });

  it('counts personal nights of confirmed and requested stays, never maintenance or declined ones', () => {
    const stays: QuotaStay[] = [
      { start: '2027-03-01', end: '2027-03-05', purpose: 'personal', status: 'confirmed' },
      { start: '2027-04-01', end: '2027-04-03', purpose: 'personal', status: 'requested' },
      { start: '2027-05-01', end: '2027-05-10', purpose: 'maintenance', status: 'confirmed' },
      { start: '2027-06-01', end: '2027-06-10', purpose: 'personal', status: 'declined' },
    ];
    expect(usedQuotaNights(stays, 2027)).toBe(6);
    expect(usedQuotaNights(stays, 2026)).toBe(0);
  });

  it('refuses the stay that goes past the quota, with used and remaining nights', () => {
    const used: QuotaStay[] = [{ start: '2027-03-01', end: '2027-03-26', purpose: 'personal', status: 'confirmed' }];
    const stay: QuotaStay = { start: '2027-07-01', end: '2027-07-08', purpose: 'personal', status: 'confirmed' };
    expect(quotaExcess(stay, used, 30)).toEqual({ year: 2027, quotaNights: 30, usedNights: 25, remainingNights: 5, requestedNights: 7 });
    expect(quotaExcess({ ...stay, end: '2027-07-06' }, used, 30)).toBeNull();
    expect(quotaExcess({ ...stay, purpose: 'maintenance' }, used, 30)).toBeNull();
    expect(quotaExcess(stay, used, null)).toBeNull();
  });

  it('uses a member’s own quota before the house’s', () => {
    const rules = { quotaNights: 30, memberQuotas: [{ memberId: 'anna', quotaNights: 45 }] };
    expect(quotaOf(rules, 'anna')).toBe(45);
    expect(quotaOf(rules, 'bruno')).toBe(30);
    expect(quotaOf({ quotaNights: null, memberQuotas: [] }, 'bruno')).toBeNull();
  });

  it('accepts a stay exactly when, in every year, what is used plus its nights stays within the quota', () => {
    fc.assert(
      fc.property(fc.array(quotaStay, { maxLength: 8 }), quotaStay, fc.nat(60), (others, stay, quota) => {
        const excess = quotaExcess(stay, others, quota);
        const fits =
          stay.purpose === 'maintenance' || stay.status === 'declined' || [...nightsByYear(stay)].every(([year, n]) => usedQuotaNights(others, year) + n <= quota);
        expect(excess === null).toBe(fits);
        if (excess) {
          expect(excess.usedNights + excess.requestedNights).toBeGreaterThan(quota);
          expect(excess.remainingNights).toBe(Math.max(0, quota - excess.usedNights));
        }
      }),
    );
  });

  it('never lets accepted stays, added one by one, go past the quota in any year', () => {
    fc.assert(
      fc.property(fc.array(quotaStay, { maxLength: 12 }), fc.nat(40), (candidates, quota) => {
        const accepted: QuotaStay[] = [];
        for (const stay of candidates) if (!quotaExcess(stay, accepted, quota)) accepted.push(stay);
        for (const year of new Set(accepted.flatMap((s) => [...nightsByYear(s).keys()]))) {
          expect(usedQuotaNights(accepted, year)).toBeLessThanOrEqual(quota);
        }
      }),
    );
  });
});

describe('booking window and notice', () => {
  it('lets the last night be at most the window’s months after today, end of month clamped', () => {
    expect(latestBookableDay('2026-11-21', 6)).toBe('2027-05-21');
    expect(latestBookableDay('2027-01-31', 1)).toBe('2027-02-28');
    // Departure on the day after the limit: the last night is the limit itself.
    expect(outsideBookingWindow({ start: '2027-05-18', end: '2027-05-22' }, '2026-11-21', 6)).toBe(false);
    expect(outsideBookingWindow({ start: '2027-05-18', end: '2027-05-23' }, '2026-11-21', 6)).toBe(true);
    expect(outsideBookingWindow({ start: '2030-05-18', end: '2030-05-23' }, '2026-11-21', null)).toBe(false);
  });

  it('is refused exactly when some held day lies past the limit', () => {
    fc.assert(
      fc.property(day, day, fc.nat(20), fc.integer({ min: 1, max: 24 }), (today, start, nights, months) => {
        const stay = { start, end: addDays(start, nights) };
        const limit = latestBookableDay(today, months);
        expect(outsideBookingWindow(stay, today, months)).toBe(heldDays(stay).some((d) => d > limit));
      }),
    );
  });

  it('asks for notice days between today and the arrival, and leaves past stays to their own rule', () => {
    expect(noticeTooShort({ start: '2026-11-22', end: '2026-11-24' }, '2026-11-21', 2)).toBe(true);
    expect(noticeTooShort({ start: '2026-11-23', end: '2026-11-24' }, '2026-11-21', 2)).toBe(false);
    expect(noticeTooShort({ start: '2026-11-21', end: '2026-11-21' }, '2026-11-21', 0)).toBe(false);
    expect(noticeTooShort({ start: '2026-11-01', end: '2026-11-03' }, '2026-11-21', 2)).toBe(false);
    fc.assert(
      fc.property(day, day, fc.nat(30), (today, start, notice) => {
        const tooShort = noticeTooShort({ start, end: start }, today, notice);
        expect(tooShort).toBe(start >= today && nightsBetween(today, start) < notice);
      }),
    );
  });

  it('lists every date rule a stay breaks, with the figures of each', () => {
    const rules = { bookingWindowMonths: 3, noticeDays: 7, maxStayNights: 10 };
    expect(dateRuleRefusals({ start: '2026-11-23', end: '2026-12-10' }, '2026-11-21', rules).map((r) => [r.code, r.details])).toEqual([
      ['NOTICE_TOO_SHORT', { noticeDays: 7, earliestStart: '2026-11-28' }],
      ['STAY_TOO_LONG', { maxStayNights: 10 }],
    ]);
    expect(dateRuleRefusals({ start: '2027-03-01', end: '2027-03-05' }, '2026-11-21', rules).map((r) => [r.code, r.details])).toEqual([
      ['BOOKING_WINDOW', { bookingWindowMonths: 3, latestDay: '2027-02-21' }],
    ]);
    expect(dateRuleRefusals({ start: '2026-12-01', end: '2026-12-05' }, '2026-11-21', rules)).toEqual([]);
  });
});

describe('requests and instant bookings', () => {
  it('requests hold their nights against instant bookings, not against other requests; declined hold nothing', () => {
    expect(blocksStay('confirmed', 'confirmed')).toBe(true);
    expect(blocksStay('confirmed', 'requested')).toBe(true);
    expect(blocksStay('requested', 'confirmed')).toBe(true);
    expect(blocksStay('requested', 'requested')).toBe(false);
    expect(blocksStay('declined', 'confirmed')).toBe(false);
    expect(blocksStay('confirmed', 'declined')).toBe(false);
  });

  it('frees the held days a cancellation or a move gives up', () => {
    expect(freedDays({ start: '2026-12-20', end: '2026-12-24' }, null)).toEqual(['2026-12-20', '2026-12-21', '2026-12-22', '2026-12-23']);
    expect(freedDays({ start: '2026-12-20', end: '2026-12-24' }, { start: '2026-12-22', end: '2026-12-26' })).toEqual(['2026-12-20', '2026-12-21']);
    fc.assert(
      fc.property(day, fc.nat(15), day, fc.nat(15), (a, n, b, m) => {
        const before = { start: a, end: addDays(a, n) };
        const after = { start: b, end: addDays(b, m) };
        const freed = freedDays(before, after);
        const afterDays = new Set(heldDays(after));
        expect(freed.every((d) => !afterDays.has(d) && heldDays(before).includes(d))).toBe(true);
        expect(freed.length + heldDays(before).filter((d) => afterDays.has(d)).length).toBe(heldDays(before).length);
      }),
    );
  });
});
