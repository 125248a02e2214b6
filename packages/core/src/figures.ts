/**
 * Numbers as the house shows them, one way everywhere: apostrophe thousands
 * separators (the Swiss way, as on the CHF amounts) and a point for decimals.
 */

/** 1234567 → `1'234'567` */
export function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, "'");
}

function withDecimals(value: number, digits: number): string {
  const scale = 10 ** digits;
  const rounded = Math.round(Math.abs(value) * scale);
  const sign = value < 0 && rounded !== 0 ? '-' : '';
  const whole = Math.floor(rounded / scale);
  const decimals = digits === 0 ? '' : `.${String(rounded % scale).padStart(digits, '0')}`;
  return `${sign}${groupThousands(whole)}${decimals}`;
}

/** Meter readings and consumption, always with one decimal: `30'273.3`, `12.0`. */
export function formatKwh(kwh: number): string {
  return withDecimals(kwh, 1);
}

/** Sizes of stored files (1 KB = 1024 bytes): whole KB below 1 MB, MB with a decimal below 10 MB, whole MB above: `12 KB`, `0.3 MB`… */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${groupThousands(Math.ceil(bytes / 1024))} KB`;
  const megabytes = bytes / 1024 / 1024;
  return `${withDecimals(megabytes, megabytes < 10 ? 1 : 0)} MB`;
}

/** Counts (nights, stays): `1'250`. */
export function formatCount(count: number): string {
  return withDecimals(count, 0);
}

/** What a person types on the phone: `18240,5`, `18'240.5`, `18’240.5` or `18 240.5`; NaN when it is not a number. */
export function parseKwh(text: string): number {
  const normalised = text.replace(/[\s'’]/g, '').replace(',', '.');
  return normalised === '' ? Number.NaN : Number(normalised);
}
