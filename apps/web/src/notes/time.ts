import { getLocale, t } from '../lib/i18n.ts';
import { localClock, localDay } from '../lib/moment.ts';

/** Made on the first tooltip, not with the module: see lib/moment.ts. */
let fullFormat: Intl.DateTimeFormat | undefined;

/** 'oggi 14:05', 'ieri 09:12', otherwise '21.11.2026 14:05' (in the reader's time zone). */
export function formatNoteTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const time = localClock(date);
  if (localDay(date) === localDay(now)) return t('notes.today', { time });
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (localDay(date) === localDay(yesterday)) return t('notes.yesterday', { time });
  return t('notes.dateTime', { date: localDay(date), time });
}

/** The full date and time, for a tooltip, in the page's language as Switzerland writes it. */
export function formatNoteTimeFull(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  fullFormat ??= new Intl.DateTimeFormat(`${getLocale()}-CH`, { dateStyle: 'full', timeStyle: 'short' });
  return fullFormat.format(date);
}
