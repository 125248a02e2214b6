import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localMomentIn } from './dates.ts';
import { holdDaysLeft, holdExpiry, holdIsLive, holdLastDay, holdLimitReached, holdReminderDue, holdReminderMoment, liveHoldCount } from './holds.ts';

const ZONES = ['Europe/Zurich', 'UTC', 'America/New_York', 'Asia/Tokyo'];
const zone = fc.constantFrom(...ZONES);
// Any moment of 2026–2030, clock changes included.
const moment = fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2030-12-31T00:00:00Z') }).map((ms) => new Date(ms));
const holdDays = fc.integer({ min: 1, max: 60 });

describe('holdExpiry', () => {
  it('ends at midnight on the house’s clock after the day holdDays after the day it was made', () => {
    const expiry = holdExpiry(new Date('2026-12-05T15:30:00Z'), 7, 'Europe/Zurich');
    expect(expiry.toISOString()).toBe('2026-12-12T23:00:00.000Z');
    expect(holdLastDay(expiry.toISOString(), 'Europe/Zurich')).toBe('2026-12-12');
  });

  it('always lasts past holdDays whole days and less than holdDays + 1 (plus a clock change)', () => {
    fc.assert(
      fc.property(moment, holdDays, zone, (createdAt, days, timeZone) => {
        const expiry = holdExpiry(createdAt, days, timeZone);
        const lasts = expiry.getTime() - createdAt.getTime();
        expect(lasts).toBeGreaterThan(days * 86_400_000 - 3_600_000);
        expect(lasts).toBeLessThanOrEqual((days + 1) * 86_400_000 + 3_600_000);
        // It ends as a day begins, and the last day is the one holdDays after the first.
        expect(localMomentIn(timeZone, expiry).minutes).toBe(0);
        const first = localMomentIn(timeZone, createdAt).day;
        const last = holdLastDay(expiry.toISOString(), timeZone);
        expect(Math.round((Date.parse(last) - Date.parse(first)) / 86_400_000)).toBe(days);
      }),
    );
  });
});

describe('a hold’s life', () => {
  it('is live before its moment and not from it, nor once ended', () => {
    fc.assert(
      fc.property(moment, fc.integer({ min: -10 * 86_400_000, max: 10 * 86_400_000 }), fc.boolean(), (at, offset, released) => {
        const hold = { expiresAt: new Date(at.getTime() + offset).toISOString(), endedAt: released ? at.toISOString() : null };
        expect(holdIsLive(hold, at)).toBe(!released && offset > 0);
      }),
    );
  });

  it('reminds in its last day from 09:00 on the house’s clock, never at night, only while live', () => {
    fc.assert(
      fc.property(moment, holdDays, zone, fc.boolean(), (createdAt, days, timeZone, released) => {
        const expiresAt = holdExpiry(createdAt, days, timeZone).toISOString();
        const reminder = holdReminderMoment(expiresAt, timeZone);
        expect(localMomentIn(timeZone, reminder)).toEqual({ day: holdLastDay(expiresAt, timeZone), minutes: 9 * 60 });
        expect(reminder.getTime()).toBeLessThan(Date.parse(expiresAt));
        const hold = { expiresAt, endedAt: released ? createdAt.toISOString() : null };
        expect(holdReminderDue(hold, new Date(reminder.getTime() - 1), timeZone)).toBe(false);
        expect(holdReminderDue(hold, reminder, timeZone)).toBe(!released);
        expect(holdReminderDue(hold, new Date(expiresAt), timeZone)).toBe(false);
      }),
    );
  });

  it('counts a member’s live holds only, and reaches the limit at maxHolds', () => {
    const hold = fc.record({
      ownerId: fc.constantFrom('anna', 'bruno'),
      expiresAt: moment.map((d) => d.toISOString()),
      endedAt: fc.option(fc.constant('2026-01-01T00:00:00.000Z'), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(hold, { maxLength: 12 }), moment, fc.integer({ min: 1, max: 5 }), (holds, at, maxHolds) => {
        const count = liveHoldCount(holds, 'anna', at);
        expect(count).toBe(holds.filter((h) => h.ownerId === 'anna' && h.endedAt === null && Date.parse(h.expiresAt) > at.getTime()).length);
        expect(count + liveHoldCount(holds, 'bruno', at)).toBeLessThanOrEqual(holds.length);
        expect(holdLimitReached(count, maxHolds)).toBe(count >= maxHolds);
      }),
    );
  });

  it('says the days left counting the last one, none once ended', () => {
    const lastDay = holdLastDay('2026-12-12T23:00:00.000Z', 'Europe/Zurich');
    expect(lastDay).toBe('2026-12-12');
    expect(holdDaysLeft(lastDay, '2026-12-12')).toBe(1);
    expect(holdDaysLeft(lastDay, '2026-12-05')).toBe(8);
    expect(holdDaysLeft(lastDay, '2026-12-13')).toBe(0);
  });
});
