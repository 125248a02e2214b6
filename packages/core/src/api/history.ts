import { z } from 'zod';

/** What a history entry is about; each links to its screen (a booking's month, an expense, a member). */
export const historySubjects = ['booking', 'expense', 'member', 'note', 'rules', 'peak', 'supply', 'task', 'hold'] as const;
export type HistorySubject = (typeof historySubjects)[number];

/** What was done: every change of a thing is one of these. */
export const changeActions = [
  'created',
  'updated',
  'deleted',
  'decided',
  'checkin',
  'checkout',
  'paid',
  'corrected',
  'verified',
  'receipt',
  'password',
  'voucher',
  'photo',
  // A hold given up by its owner or an admin, or ended by itself.
  'released',
  'expired',
  // Swaps and stays given: a proposal made, a stay swapped or given to another member.
  'proposed',
  'swapped',
  'given',
] as const;
export type ChangeAction = (typeof changeActions)[number];

const fieldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type FieldValue = z.infer<typeof fieldValueSchema>;

/** A field's value before the change and after it (null where there was or is none). */
export const fieldChangeSchema = z.object({ from: fieldValueSchema, to: fieldValueSchema });

export const changeSchema = z.object({
  action: z.enum(changeActions),
  /** Null for the command line. */
  byId: z.string().nullable(),
  byName: z.string().nullable(),
  at: z.string(),
  fields: z.record(z.string(), fieldChangeSchema),
});
export type Change = z.infer<typeof changeSchema>;

/** A thing's changes, oldest first. */
export const historySchema = z.object({ changes: z.array(changeSchema) });

/** A change of the house, for the administrators' «Attività». */
export const activityEntrySchema = changeSchema.extend({
  id: z.string(),
  subject: z.enum(historySubjects),
  subjectId: z.string(),
  /** What the thing was when it changed: a stay's dates and owner, an expense's description, a name. */
  label: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = z.object({ entries: z.array(activityEntrySchema), nextCursor: z.string().nullable() });

export const activityQuerySchema = z.object({
  /** The cursor of the previous page: older changes than this. */
  // The changes' sequence is a 32-bit integer on PostgreSQL: a larger cursor names no change.
  before: z
    .string()
    .regex(/^\d{1,10}$/)
    .refine((cursor) => Number(cursor) <= 2_147_483_647)
    .optional(),
  /** Only the changes this member made. */
  memberId: z.string().min(1).max(100).optional(),
  kind: z.enum(historySubjects).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;
