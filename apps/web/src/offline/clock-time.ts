const clock = new Intl.DateTimeFormat('it-CH', { hour: '2-digit', minute: '2-digit' });

/** hh:mm in the reader's zone, as "aggiornato alle 14:05" needs it. */
export function formatClockTime(date: Date): string {
  return clock.format(date);
}
