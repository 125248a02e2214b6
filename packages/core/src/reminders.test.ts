import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, localMomentIn } from './dates.ts';
import { dueStayReminders, instantOfLocal, summaryDue, type ReminderKind, type ReminderStay } from './reminders.ts';

const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2025-01-01', n));
const stayArb = fc.record({
  start: day,
  nights: fc.integer({ min: 0, max: 21 }),
  purpose: fc.constantFrom('personal' as const, 'maintenance' as const),
  checkedIn: fc.boolean(),
  checkedOut: fc.boolean(),
  paid: fc.boolean(),
  costCentimes: fc.integer({ min: 0, max: 200_000 }),
}).map(({ nights, ...s }): ReminderStay => ({ ...s, end: addDays(s.start, nights) }));

/** Every day from a week before arrival to ten weeks after departure, at 23:59. */
function daysDue(stay: ReminderStay, kind: ReminderKind): string[] {
  const days: string[] = [];
  for (let d = addDays(stay.start, -7); d <= addDays(stay.end, 70); d = addDays(d, 1)) {
    if (dueStayReminders(stay, { day: d, minutes: 23 * 60 + 59 }).includes(kind)) days.push(d);
  }
  return days;
}

describe('reminders', () => {
  it('reminds of a stay the day before arrival, of a missing check-in on the day, and of the departure, each on one day only', () => {
    fc.assert(
      fc.property(stayArb, (stay) => {
        const personal = stay.purpose === 'personal';
        expect(daysDue(stay, 'arrival-eve')).toEqual(personal ? [addDays(stay.start, -1)] : []);
        expect(daysDue(stay, 'checkin-missing')).toEqual(personal && !stay.checkedIn ? [stay.start] : []);
        expect(daysDue(stay, 'departure')).toEqual(personal && !stay.checkedOut ? [stay.end] : []);
      }),
    );
  });

  it('reminds of an unpaid stay three days after departure, then weekly', () => {
    fc.assert(
      fc.property(stayArb, (stay) => {
        const unpaid = !stay.paid && stay.checkedOut && stay.costCentimes > 0;
        const expected = unpaid ? Array.from({ length: 10 }, (_, week) => addDays(stay.end, 3 + 7 * week)).filter((d) => d <= addDays(stay.end, 70)) : [];
        expect(daysDue(stay, 'unpaid')).toEqual(expected);
      }),
    );
  });

  it('waits for the hour of each reminder on its day', () => {
    const stay: ReminderStay = { start: '2026-12-24', end: '2026-12-24', purpose: 'personal', checkedIn: false, checkedOut: false, paid: false, costCentimes: 7500 };
    expect(dueStayReminders(stay, { day: '2026-12-23', minutes: 8 * 60 + 59 })).toEqual([]);
    expect(dueStayReminders(stay, { day: '2026-12-23', minutes: 9 * 60 })).toEqual(['arrival-eve']);
    expect(dueStayReminders(stay, { day: '2026-12-24', minutes: 17 * 60 + 59 })).toEqual(['departure']);
    expect(dueStayReminders(stay, { day: '2026-12-24', minutes: 18 * 60 })).toEqual(['checkin-missing', 'departure']);
  });

  it('sends the admins their summary on Mondays', () => {
    expect(summaryDue({ day: '2026-11-23', minutes: 9 * 60 })).toBe(true);
    expect(summaryDue({ day: '2026-11-23', minutes: 8 * 60 })).toBe(false);
    expect(summaryDue({ day: '2026-11-24', minutes: 12 * 60 })).toBe(false);
  });

  it("reads a local time on the house's clock, and gives it back the same", () => {
    expect(instantOfLocal('2026-12-24T09:00', 'Europe/Zurich')?.toISOString()).toBe('2026-12-24T08:00:00.000Z');
    expect(instantOfLocal('2026-07-01T09:00', 'Europe/Zurich')?.toISOString()).toBe('2026-07-01T07:00:00.000Z');
    // 02:30 does not exist on the night the clocks go forward.
    expect(instantOfLocal('2026-03-29T02:30', 'Europe/Zurich')).toBeNull();
    expect(instantOfLocal('2026-12-24 09:00', 'Europe/Zurich')).toBeNull();
    expect(instantOfLocal('2026-12-24T24:00', 'Europe/Zurich')).toBeNull();
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.constantFrom('Europe/Zurich', 'Pacific/Chatham', 'America/New_York'), (d, h, m, zone) => {
        const text = `${d}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
        const instant = instantOfLocal(text, zone);
        if (instant) expect(localMomentIn(zone, instant)).toEqual({ day: d, minutes: h * 60 + m });
      }),
    );
  });
});
