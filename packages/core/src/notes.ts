import type { NoteLabel } from './api/notes.ts';
import { formatDisplayDate, parseDisplayDate } from './dates.ts';

export const NOTE_MAX_LENGTH = 2000;
export const NOTES_PAGE_SIZE = 20;

/** 'Check-In 21.11.2026' / 'Check-Out 24.11.2026', as the original app wrote them. */
export function noteLabelText(label: NoteLabel): string {
  return `${label.kind === 'checkin' ? 'Check-In' : 'Check-Out'} ${formatDisplayDate(label.date)}`;
}

/** Reads the original app's `eventOf` text back into a label; null for anything else. */
export function parseNoteLabel(text: string): NoteLabel | null {
  const match = /^(Check-In|Check-Out) (\d{2}\.\d{2}\.\d{4})$/.exec(text.trim());
  const date = match ? parseDisplayDate(match[2]!) : null;
  return match && date ? { kind: match[1] === 'Check-In' ? 'checkin' : 'checkout', date } : null;
}
