import { z } from 'zod';
import { formatDisplayDate, isoDateSchema, parseDisplayDate } from './dates.ts';
import { freeTextSchema } from './text.ts';

export const NOTE_MAX_LENGTH = 2000;

export const noteInputSchema = z.object({
  text: freeTextSchema({ max: NOTE_MAX_LENGTH, emptyCode: 'NOTE_EMPTY', tooLongCode: 'NOTE_TOO_LONG', multiline: true }),
});
export type NoteInput = z.infer<typeof noteInputSchema>;

/** The original app's `eventOf`: a note written at check-in or check-out, with the booking's date. */
export const noteLabelSchema = z.object({ kind: z.enum(['checkin', 'checkout']), date: isoDateSchema });
export type NoteLabel = z.infer<typeof noteLabelSchema>;

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

export const noteSchema = z.object({
  id: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  authorPhotoUrl: z.string().nullable(),
  text: z.string(),
  label: noteLabelSchema.nullable(),
  createdAt: z.string(),
  reactionCount: z.number().int(),
  reactedByMe: z.boolean(),
});
export type Note = z.infer<typeof noteSchema>;

export const NOTES_PAGE_SIZE = 20;

export const notesQuerySchema = z.object({
  /** The cursor of the previous page: older notes than this. */
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(NOTES_PAGE_SIZE),
});

export const notesPageSchema = z.object({ notes: z.array(noteSchema), nextCursor: z.string().nullable() });
export const noteResponseSchema = z.object({ note: noteSchema });
export const latestNoteSchema = z.object({ note: noteSchema.nullable() });
