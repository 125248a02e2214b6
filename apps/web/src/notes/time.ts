import { t } from '../lib/i18n.ts';

const dateFormat = new Intl.DateTimeFormat('it-CH', { day: '2-digit', month: '2-digit', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('it-CH', { hour: '2-digit', minute: '2-digit' });
const fullFormat = new Intl.DateTimeFormat('it-CH', { dateStyle: 'full', timeStyle: 'short' });

function dayKey(date: Date): string {
  return dateFormat.format(date);
}

/** 'oggi 14:05', 'ieri 09:12', otherwise '21.11.2026 14:05' (in the reader's time zone). */
export function formatNoteTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const time = timeFormat.format(date);
  if (dayKey(date) === dayKey(now)) return t('notes.today', { time });
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(date) === dayKey(yesterday)) return t('notes.yesterday', { time });
  return t('notes.dateTime', { date: dateFormat.format(date), time });
}

/** The full date and time, for a tooltip. */
export function formatNoteTimeFull(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : fullFormat.format(date);
}
