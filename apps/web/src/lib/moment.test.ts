import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoment, formatMomentDay, localClock } from './moment.ts';

describe('instants in the reader’s zone', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Europe/Zurich';
  });
  afterAll(() => {
    process.env.TZ = zone;
  });

  it('reads as Intl would write them for it-CH, without one', () => {
    for (const iso of ['2026-12-24T17:00:00Z', '2026-07-01T22:05:00Z', '2027-01-01T00:00:00Z']) {
      const intl = new Intl.DateTimeFormat('it-CH', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
      expect(formatMoment(iso)).toBe(intl.format(new Date(iso)).replace(',', ''));
    }
    expect(formatMoment('2026-12-24T17:00:00Z')).toBe('24.12.2026 18:00');
    expect(formatMomentDay('2026-07-01T22:05:00Z')).toBe('02.07.2026');
    expect(localClock(new Date('2026-03-29T01:30:00Z'))).toBe('03:30');
  });

  it('gives nothing for a date it cannot read', () => {
    expect(formatMoment('not a date')).toBe('');
    expect(formatMomentDay('')).toBe('');
  });
});
