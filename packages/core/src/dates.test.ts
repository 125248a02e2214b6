import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stayDateSchema } from './api/dates.ts';
import {
  addDays,
  EARLIEST_STAY_DATE,
  formatDisplayDate,
  formatStayDates,
  isIsoDate,
  latestStayDate,
  LATEST_STAY_DATE,
  localMomentIn,
  nightsBetween,
  parseDisplayDate,
  stayDatesInRange,
  todayIn,
  dateInSpan,
  zoneSpanAt,
} from './dates.ts';

const isoDate = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('nightsBetween', () => {
  it('counts whole nights, a day visit being 0', () => {
    expect(nightsBetween('2026-11-21', '2026-11-21')).toBe(0);
    expect(nightsBetween('2026-11-21', '2026-11-24')).toBe(3);
    expect(nightsBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(nightsBetween('2028-02-28', '2028-03-01')).toBe(2);
  });

  it('is not shifted by the clock change at the end of March or October', () => {
    expect(nightsBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(nightsBetween('2026-10-24', '2026-10-26')).toBe(2);
    expect(nightsBetween('2026-04-04', '2026-04-06')).toBe(2);
  });

  it('is the inverse of addDays', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: -400, max: 400 }), (start, days) => {
        expect(nightsBetween(start, addDays(start, days))).toBe(days);
      }),
    );
  });

  it('adds up over consecutive stays', () => {
    fc.assert(
      fc.property(isoDate, fc.nat(60), fc.nat(60), (start, a, b) => {
        const middle = addDays(start, a);
        const end = addDays(middle, b);
        expect(nightsBetween(start, end)).toBe(nightsBetween(start, middle) + nightsBetween(middle, end));
      }),
    );
  });
});

describe('display dates (dd.MM.yyyy)', () => {
  it('formats and parses the spec format', () => {
    expect(formatDisplayDate('2026-11-21')).toBe('21.11.2026');
    expect(formatDisplayDate('2027-01-05')).toBe('05.01.2027');
    expect(formatStayDates('2026-12-14', '2026-12-17')).toBe('14.12.2026 – 17.12.2026');
    expect(formatStayDates('2026-12-14', '2026-12-14')).toBe('14.12.2026');
    expect(parseDisplayDate('21.11.2026')).toBe('2026-11-21');
    expect(parseDisplayDate(' 05.01.2027 ')).toBe('2027-01-05');
  });

  it('refuses what is not a real date', () => {
    for (const bad of ['31.02.2026', '29.02.2027', '00.01.2026', '21.13.2026', '1.1.2026', '2026-11-21', '21/11/2026', '', 'domani']) {
      expect(parseDisplayDate(bad), bad).toBeNull();
    }
    expect(parseDisplayDate('29.02.2028')).toBe('2028-02-29');
  });

  it('round-trips every date', () => {
    fc.assert(
      fc.property(isoDate, (date) => {
        expect(parseDisplayDate(formatDisplayDate(date))).toBe(date);
      }),
    );
  });

  it('knows an ISO date from a look-alike', () => {
    expect(isIsoDate('2026-11-21')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-11-21T00:00:00Z')).toBe(false);
  });
});

describe('todayIn', () => {
  it("gives the house's date, not the machine's", () => {
    // 23:30 UTC on the 21st is already the 22nd in Zurich (UTC+1) and still the 21st in New York.
    const now = new Date('2026-11-21T23:30:00Z');
    expect(todayIn('Europe/Zurich', now)).toBe('2026-11-22');
    expect(todayIn('America/New_York', now)).toBe('2026-11-21');
  });
});

describe('localMomentIn', () => {
  const instant = fc.date({ min: new Date('1971-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true });
  const zone = fc.constantFrom('Europe/Zurich', 'Pacific/Chatham', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata');
  /** The oracle: ICU's own formatter for the zone. */
  const shown = (timeZone: string, at: Date) => {
    const parts = new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(at);
    const get = (type: string) => parts.find((part) => part.type === type)!.value;
    return { day: `${get('year')}-${get('month')}-${get('day')}`, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
  };

  it("reads the zone's clock in a process on another clock, and in one on the zone's own (the server's)", () => {
    // Core is typed without Node; the tests run in it.
    const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
    const processZone = env.TZ;
    try {
      fc.assert(
        fc.property(instant, zone, fc.boolean(), (at, timeZone, onZoneClock) => {
          env.TZ = onZoneClock ? timeZone : 'UTC';
          expect(localMomentIn(timeZone, at)).toEqual(shown(timeZone, at));
        }),
      );
    } finally {
      if (processZone === undefined) delete env.TZ;
      else env.TZ = processZone;
    }
  });
});

describe('the range of stay dates', () => {
  const anyDate = fc
    .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  const today = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2095-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

  it('holds a stay exactly when both dates lie from 2000-01-01 to ten years after today', () => {
    fc.assert(
      fc.property(anyDate, anyDate, today, (start, end, now) => {
        const latest = latestStayDate(now);
        const inside = (d: string) => d >= EARLIEST_STAY_DATE && d <= latest;
        expect(stayDatesInRange({ start, end }, now)).toBe(inside(start) && inside(end));
        // Within the range every date has four digits, so text order is date order.
        if (inside(start) && inside(end)) expect(start < end).toBe(nightsBetween(start, end) > 0);
      }),
    );
  });

  it('reaches ten years ahead, never past the last date the app holds', () => {
    expect(latestStayDate('2026-11-21')).toBe('2036-11-21');
    expect(latestStayDate('2028-02-29')).toBe('2038-02-28');
    expect(latestStayDate('2095-06-01')).toBe(LATEST_STAY_DATE);
  });

  it('refuses in the schema what no stay can hold: 9999-12-31, 10000-01-01, 0001-01-01', () => {
    for (const date of ['9999-12-31', '10000-01-01', '0001-01-01', '1999-12-31', '2100-01-01']) expect(stayDateSchema.safeParse(date).success, date).toBe(false);
    expect(stayDateSchema.safeParse('9999-12-31').error?.issues[0]?.message).toBe('DATE_OUT_OF_RANGE');
    for (const date of ['2000-01-01', '2026-11-21', '2099-12-31']) expect(stayDateSchema.safeParse(date).success, date).toBe(true);
  });
});

describe('zone spans: the house zone’s date without Intl', () => {
  const zones = ['Europe/Zurich', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/Santiago'];
  const instant = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true });

  it('gives todayIn’s date for every instant the span covers, and nothing outside it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), instant, fc.double({ min: 0, max: 1, noNaN: true }), (zone, now, where) => {
        const span = zoneSpanAt(zone, now);
        const from = Date.parse(span.from);
        const until = Date.parse(span.until);
        expect(from).toBeLessThanOrEqual(now.getTime());
        expect(until).toBeGreaterThan(now.getTime());
        const inside = new Date(from + Math.floor((until - from) * where * 0.999));
        expect(dateInSpan(span, inside)).toBe(todayIn(zone, inside));
        expect(dateInSpan(span, new Date(until))).toBeUndefined();
        expect(dateInSpan(span, new Date(from - 1))).toBeUndefined();
      }),
      { numRuns: 60 },
    );
  });

  it('ends where the clocks change', () => {
    const summer = zoneSpanAt('Europe/Zurich', new Date('2026-07-01T12:00:00Z'));
    expect(summer).toEqual({ offsetMinutes: 120, from: '2026-03-29T01:00:00.000Z', until: '2026-10-25T01:00:00.000Z' });
    const winter = zoneSpanAt('Europe/Zurich', new Date('2026-11-25T12:00:00Z'));
    expect(winter).toEqual({ offsetMinutes: 60, from: '2026-10-25T01:00:00.000Z', until: '2027-03-28T01:00:00.000Z' });
    // Just before midnight in Corzoneso, already the next day there.
    expect(dateInSpan(winter, new Date('2026-11-25T23:30:00Z'))).toBe('2026-11-26');
  });
});
