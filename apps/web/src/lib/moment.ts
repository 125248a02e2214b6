const dateTime = new Intl.DateTimeFormat('it-CH', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const dateOnly = new Intl.DateTimeFormat('it-CH', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** An instant as '24.12.2026 18:00' in the reader's zone (turn windows, notices, rule changes). */
export function formatMoment(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date).replace(',', '');
}

/** The day of an instant as '24.12.2026' in the reader's zone (when a request was made or decided). */
export function formatMomentDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateOnly.format(date);
}
