import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, formatKwh, formatFileSize, parseKwh } from './figures.ts';
import { formatChf } from './money.ts';

describe('figures', () => {
  it('shows kWh with one decimal and the same thousands separator as CHF', () => {
    expect(formatKwh(30273.26)).toBe("30'273.3");
    expect(formatKwh(12)).toBe('12.0');
    expect(formatKwh(0.04)).toBe('0.0');
    expect(formatCount(1250)).toBe("1'250");
    expect(formatChf(125_000)).toBe("CHF 1'250.-");
  });

  it('shows the size of stored files in KB below a megabyte, with a decimal while they are few MB', () => {
    expect(formatFileSize(0)).toBe('0 KB');
    expect(formatFileSize(12_000)).toBe('12 KB');
    expect(formatFileSize(1_048_575)).toBe("1'024 KB");
    expect(formatFileSize(1.26 * 1024 * 1024)).toBe('1.3 MB');
    expect(formatFileSize(9.96 * 1024 * 1024)).toBe('10.0 MB');
    expect(formatFileSize(2048 * 1024 * 1024)).toBe("2'048 MB");
  });

  it('reads back what it shows, and what a phone keyboard types', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (tenths) => {
        const kwh = tenths / 10;
        expect(parseKwh(formatKwh(kwh))).toBeCloseTo(kwh, 6);
        expect(parseKwh(formatKwh(kwh).replace('.', ','))).toBeCloseTo(kwh, 6);
      }),
    );
    expect(parseKwh('18 240,5')).toBe(18240.5);
    expect(parseKwh('18’240.5')).toBe(18240.5);
    expect(parseKwh('')).toBeNaN();
    expect(parseKwh('abc')).toBeNaN();
  });
});
