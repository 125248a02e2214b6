import type { Booking } from './api/bookings.ts';
import type { YearStatistics } from './api/statistics.ts';
import { addDays, compareDates, nightsBetween } from './dates.ts';
import type { Centimes } from './money.ts';

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * A year at the house from its bookings. Nights count in the year and month
 * they are slept in (a stay over New Year is split), confirmed stays only; electricity and money
 * count in the month and year of the departure, when they are settled.
 */
export function yearStatistics(bookings: readonly Booking[], year: number): YearStatistics {
  const prefix = String(year);
  const nightsByMember = new Map<string, { name: string; colour: string; nights: number }>();
  const months = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, nights: 0, occupancy: 0, kwh: 0 }));
  let paidCentimes = 0;
  let openCentimes = 0;
  const unpaid: YearStatistics['unpaid'] = [];
  const stays: YearStatistics['stays'] = [];

  for (const booking of bookings) {
    // Requests are not stays yet, and declined ones never will be.
    if (booking.status !== 'confirmed') continue;
    for (let i = 0; i < nightsBetween(booking.start, booking.end); i++) {
      const night = addDays(booking.start, i);
      if (!night.startsWith(prefix)) continue;
      months[Number(night.slice(5, 7)) - 1]!.nights += 1;
      const member = nightsByMember.get(booking.ownerId) ?? { name: booking.ownerName, colour: booking.ownerColour, nights: 0 };
      member.nights += 1;
      nightsByMember.set(booking.ownerId, member);
    }
    if (!booking.end.startsWith(prefix)) continue;
    stays.push({ bookingId: booking.id, name: booking.ownerName, start: booking.start, end: booking.end, kwh: booking.kwhUsed });
    if (booking.kwhUsed !== null) months[Number(booking.end.slice(5, 7)) - 1]!.kwh += booking.kwhUsed;
    if (!booking.checkedOut) continue;
    if (booking.paid) paidCentimes += booking.costCentimes;
    else {
      openCentimes += booking.costCentimes;
      unpaid.push({ bookingId: booking.id, name: booking.ownerName, start: booking.start, end: booking.end, costCentimes: booking.costCentimes });
    }
  }
  for (const month of months) {
    month.occupancy = month.nights / daysInMonth(year, month.month);
    month.kwh = Math.round(month.kwh * 10) / 10;
  }
  return {
    year,
    nightsPerMember: [...nightsByMember].map(([memberId, m]) => ({ memberId, ...m })).sort((a, b) => b.nights - a.nights || a.name.localeCompare(b.name)),
    months,
    stays: stays.sort((a, b) => compareDates(a.start, b.start)),
    paidCentimes,
    openCentimes,
    unpaid: unpaid.sort((a, b) => compareDates(a.start, b.start)),
  };
}

/** Plain text money for spreadsheets: 186.10 (no currency, no separators). */
export function centimesToDecimal(centimes: Centimes): string {
  return (centimes / 100).toFixed(2);
}
