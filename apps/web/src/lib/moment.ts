/*
 * Instants as the reader reads them, in their own zone, from Date's own fields: a page's first
 * Intl formatter costs a phone some 40 ms of ICU loading (160 ms under Lighthouse's slow CPU),
 * and these run in the first render of Home and the notes.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** '24.12.2026' */
export function localDay(date: Date): string {
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/** '18:05' */
export function localClock(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An instant as '24.12.2026 18:00' in the reader's zone (turn windows, notices, rule changes). */
export function formatMoment(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : `${localDay(date)} ${localClock(date)}`;
}

/** The day of an instant as '24.12.2026' in the reader's zone (when a request was made or decided). */
export function formatMomentDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : localDay(date);
}
