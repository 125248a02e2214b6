import { describe, expect, it } from 'vitest';
import type { Booking } from '@rustico/core';
import { weekSegments } from './layout.ts';

const week = ['2027-12-20', '2027-12-21', '2027-12-22', '2027-12-23', '2027-12-24', '2027-12-25', '2027-12-26'];

function stay(id: string, start: string, end: string, status: Booking['status'] = 'requested'): Booking {
  return { id, start, end, status } as Booking;
}

describe('requests of the same nights in a week row', () => {
  it('are drawn in lanes one under the other; a stay after a changeover keeps the first lane', () => {
    const segments = weekSegments(week, [stay('a', '2027-12-22', '2027-12-27'), stay('b', '2027-12-24', '2027-12-30'), stay('c', '2027-12-20', '2027-12-22', 'confirmed')]);
    expect(segments.map((s) => [s.booking.id, s.lane])).toEqual([
      ['c', 0],
      ['a', 0],
      ['b', 1],
    ]);
  });

  it('three requests of one night need three lanes', () => {
    const segments = weekSegments(week, [stay('a', '2027-12-23', '2027-12-25'), stay('b', '2027-12-24', '2027-12-26'), stay('c', '2027-12-24', '2027-12-25')]);
    expect(segments.map((s) => s.lane).sort()).toEqual([0, 1, 2]);
  });
});
