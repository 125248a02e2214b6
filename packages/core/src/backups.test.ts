import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BACKUP_RETENTION, backupsToKeep } from './backups.ts';
import { addDays, type IsoDate } from './dates.ts';

const START: IsoDate = '2026-01-01';
/** Days after START, ascending and distinct: the days a house made its backups. */
const backupDays = fc.uniqueArray(fc.integer({ min: 0, max: 800 }), { maxLength: 120 }).map((offsets) => offsets.sort((a, b) => a - b).map((n) => addDays(START, n)));

const weekOf = (day: IsoDate) => {
  const n = Date.parse(`${day}T00:00:00Z`) / 86_400_000;
  return n - ((n + 3) % 7);
};
const newestPeriods = <K>(days: IsoDate[], periodOf: (day: IsoDate) => K, count: number) => [...new Set([...days].reverse().map(periodOf))].slice(0, count);

/** What the server does: after each day's backup, delete what the rule does not keep. */
function pruneDayByDay(days: IsoDate[]): IsoDate[] {
  let kept: IsoDate[] = [];
  for (const day of days) {
    kept = [...kept, day];
    kept = backupsToKeep(kept).map((i) => kept[i]!);
  }
  return kept;
}

describe('backupsToKeep', () => {
  it('keeps 7 daily, 4 weekly and 12 monthly copies of a daily backup over 400 days', () => {
    const days = Array.from({ length: 400 }, (_, i) => addDays(START, i));
    const kept = pruneDayByDay(days);
    // The last day, 2027-02-04, is a Thursday: its own week (from Monday 1 February) and the 3 before
    // keep their Sundays, the 12 months from February 2027 back to March 2026 their last days.
    expect(days.at(-1)).toBe('2027-02-04');
    expect(kept).toEqual([
      '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30', '2026-07-31', '2026-08-31', '2026-09-30', '2026-10-31', '2026-11-30', '2026-12-31',
      '2027-01-17', '2027-01-24',
      '2027-01-29', '2027-01-30', '2027-01-31', '2027-02-01', '2027-02-02', '2027-02-03', '2027-02-04',
    ]);
  });

  it('keeps the newest of each of the newest days, weeks and months, and never more', () => {
    fc.assert(
      fc.property(backupDays, (days) => {
        const kept = backupsToKeep(days).map((i) => days[i]!);
        if (days.length > 0) expect(kept).toContain(days.at(-1));
        expect(kept.length).toBeLessThanOrEqual(BACKUP_RETENTION.daily + BACKUP_RETENTION.weekly + BACKUP_RETENTION.monthly);
        for (const day of newestPeriods(days, (d) => d, BACKUP_RETENTION.daily)) expect(kept).toContain(day);
        for (const week of newestPeriods(days, weekOf, BACKUP_RETENTION.weekly)) {
          expect(kept).toContain([...days].reverse().find((d) => weekOf(d) === week));
        }
        for (const month of newestPeriods(days, (d) => d.slice(0, 7), BACKUP_RETENTION.monthly)) {
          expect(kept).toContain([...days].reverse().find((d) => d.startsWith(month)));
        }
      }),
    );
  });

  it('deleting day by day keeps what one look at the whole history would (nothing needed is ever gone)', () => {
    fc.assert(
      fc.property(backupDays, (days) => {
        expect(pruneDayByDay(days)).toEqual(backupsToKeep(days).map((i) => days[i]!));
      }),
    );
  });

  it('keeps the newest of several backups of one day', () => {
    expect(backupsToKeep(['2026-05-01', '2026-05-02', '2026-05-02'])).toEqual([0, 2]);
    expect(backupsToKeep([])).toEqual([]);
  });
});
