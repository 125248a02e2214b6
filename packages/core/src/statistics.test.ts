import { describe, expect, it } from 'vitest';
import type { Booking } from './api/bookings.ts';
import { yearStatistics } from './statistics.ts';

let n = 0;
function booking(owner: 'anna' | 'bruno', start: string, end: string, extra: Partial<Booking> = {}): Booking {
  n += 1;
  return {
    id: `b${n}`, ownerId: owner, ownerName: owner === 'anna' ? 'Anna' : 'Bruno', ownerColour: owner === 'anna' ? '#b5542d' : '#3d6b4f',
    start, end, purpose: 'personal', nights: 0, costCentimes: 0, checkedIn: true, checkedOut: true, paid: true, kwhUsed: null, paymentMethod: null, createdAt: '', createdByName: null, status: 'confirmed', decision: null, override: null, version: 1,
    ...extra,
  };
}

describe('yearStatistics', () => {
  it('counts by hand: nights in their month, kWh and money at departure, the year boundary split', () => {
    const stats = yearStatistics(
      [
        booking('anna', '2025-12-30', '2026-01-03', { kwhUsed: 40, costCentimes: 21_200 }), // 2 nights in 2025, 2 in 2026
        booking('anna', '2026-02-27', '2026-03-02', { kwhUsed: 30.5, costCentimes: 15_915, paid: false }), // 2 in Feb, 1 in Mar
        booking('bruno', '2026-02-10', '2026-02-14', { kwhUsed: 20, costCentimes: 20_600 }), // 4 in Feb
        booking('bruno', '2026-06-01', '2026-06-01', { kwhUsed: 2, costCentimes: 7_560 }), // day visit: 0 nights
        booking('bruno', '2026-12-30', '2027-01-02', { checkedIn: false, checkedOut: false, paid: false, costCentimes: 15_000 }), // 2 nights in 2026, settles in 2027
      ],
      2026,
    );
    expect(stats.nightsPerMember).toEqual([
      { memberId: 'bruno', name: 'Bruno', colour: '#3d6b4f', nights: 6 },
      { memberId: 'anna', name: 'Anna', colour: '#b5542d', nights: 5 },
    ]);
    expect(stats.months.map((m) => m.nights)).toEqual([2, 6, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
    expect(stats.months[1]!.occupancy).toBeCloseTo(6 / 28);
    expect(stats.months[0]!.kwh).toBe(40);
    expect(stats.months[2]!.kwh).toBe(30.5);
    expect(stats.months[1]!.kwh).toBe(20);
    expect(stats.months[5]!.kwh).toBe(2);
    expect(stats.paidCentimes).toBe(21_200 + 20_600 + 7_560);
    expect(stats.openCentimes).toBe(15_915);
    expect(stats.unpaid).toEqual([{ bookingId: 'b2', name: 'Anna', start: '2026-02-27', end: '2026-03-02', costCentimes: 15_915 }]);
    expect(stats.stays.map((s) => s.kwh)).toEqual([40, 20, 30.5, 2]);
  });
});
