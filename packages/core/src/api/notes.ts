import { z } from 'zod';
import { NOTE_MAX_LENGTH, NOTES_PAGE_SIZE } from '../notes.ts';
import { isoDateSchema } from './dates.ts';
import { freeTextSchema } from './text.ts';
import { versionSchema } from './versions.ts';

export const noteInputSchema = z.object({
  text: freeTextSchema({ max: NOTE_MAX_LENGTH, emptyCode: 'NOTE_EMPTY', tooLongCode: 'NOTE_TOO_LONG', multiline: true }),
});
export type NoteInput = z.infer<typeof noteInputSchema>;

/** The original app's `eventOf`: a note written at check-in or check-out, with the booking's date. */
export const noteLabelSchema = z.object({ kind: z.enum(['checkin', 'checkout']), date: isoDateSchema });
export type NoteLabel = z.infer<typeof noteLabelSchema>;

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
  version: versionSchema,
});
export type Note = z.infer<typeof noteSchema>;

export const notesQuerySchema = z.object({
  /** The cursor of the previous page: older notes than this. */
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(NOTES_PAGE_SIZE),
});

export const notesPageSchema = z.object({ notes: z.array(noteSchema), nextCursor: z.string().nullable() });
export const noteResponseSchema = z.object({ note: noteSchema });
export const latestNoteSchema = z.object({ note: noteSchema.nullable() });
