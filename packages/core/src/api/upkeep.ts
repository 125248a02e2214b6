import { z } from 'zod';
import { HANDOVER_NOTE_MAX_LENGTH, shiftYears, SUPPLY_NAME_MAX_LENGTH, supplyStates, TASK_NOTE_MAX_LENGTH, TASK_TITLE_MAX_LENGTH } from '../upkeep.ts';
import { isoDateSchema } from './dates.ts';
import { freeTextSchema, optionalFreeTextSchema } from './text.ts';
import { versionSchema } from './versions.ts';

export const supplyStateSchema = z.enum(supplyStates);

const supplyNameSchema = freeTextSchema({ max: SUPPLY_NAME_MAX_LENGTH, emptyCode: 'SUPPLY_NAME_EMPTY', tooLongCode: 'SUPPLY_NAME_TOO_LONG' });

export const supplyInputSchema = z.object({ name: supplyNameSchema });
export type SupplyInput = z.infer<typeof supplyInputSchema>;

/** Anyone marks the state; the author or an admin renames or archives. */
export const supplyUpdateSchema = z
  .object({ state: supplyStateSchema.optional(), name: supplyNameSchema.optional(), archived: z.boolean().optional() })
  .refine((update) => update.state !== undefined || update.name !== undefined || update.archived !== undefined, { message: 'VALIDATION' });
export type SupplyUpdate = z.infer<typeof supplyUpdateSchema>;

export const supplySchema = z.object({
  id: z.string(),
  name: z.string(),
  state: supplyStateSchema,
  /** «lo porto io»: who brings it on their next stay. */
  claimedById: z.string().nullable(),
  claimedByName: z.string().nullable(),
  claimedAt: z.string().nullable(),
  authorId: z.string(),
  archived: z.boolean(),
  updatedAt: z.string(),
  version: versionSchema,
});
export type Supply = z.infer<typeof supplySchema>;
export const supplyListSchema = z.object({ supplies: z.array(supplySchema) });
export const supplyResponseSchema = z.object({ supply: supplySchema });

const taskTitleSchema = freeTextSchema({ max: TASK_TITLE_MAX_LENGTH, emptyCode: 'TASK_TITLE_EMPTY', tooLongCode: 'TASK_TITLE_TOO_LONG' });
const taskNoteSchema = optionalFreeTextSchema({ max: TASK_NOTE_MAX_LENGTH, tooLongCode: 'TASK_NOTE_TOO_LONG' });

export const taskInputSchema = z
  .object({
    title: taskTitleSchema,
    /** How to do it, in Markdown (a link to a house guide). */
    note: taskNoteSchema,
    yearly: z.boolean(),
    from: isoDateSchema,
    to: isoDateSchema,
    /** Absent: «chi c'è», whoever stays in the window. */
    assigneeId: z.string().max(100).optional(),
  })
  // A yearly window is shorter than a year (it may cross New Year).
  .refine((task) => task.from <= task.to && (!task.yearly || task.to < shiftYears(task.from, 1)), {
    message: 'END_BEFORE_START',
    path: ['to'],
  });
export type TaskInput = z.infer<typeof taskInputSchema>;

export const taskDoneSchema = z.object({ note: taskNoteSchema });
export type TaskDoneInput = z.infer<typeof taskDoneSchema>;

export const taskCompletionSchema = z.object({
  byId: z.string().nullable(),
  byName: z.string().nullable(),
  at: z.string(),
  note: z.string().nullable(),
  photoUrl: z.string().nullable(),
});
export type TaskCompletion = z.infer<typeof taskCompletionSchema>;

export const taskSchema = z.object({
  id: z.string(),
  title: z.string(),
  note: z.string().nullable(),
  /** The note as safe HTML (Markdown rendered, raw HTML off). */
  noteHtml: z.string().nullable(),
  yearly: z.boolean(),
  from: isoDateSchema,
  to: isoDateSchema,
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  authorId: z.string(),
  authorName: z.string(),
  photoUrl: z.string().nullable(),
  /** A one-off task done; a yearly one is never done, it moves to next year's window. */
  done: z.boolean(),
  overdue: z.boolean(),
  /** The latest completion (a yearly task's last year). */
  lastDone: taskCompletionSchema.nullable(),
  /** Reported at a check-out («Per chi arriva»). */
  fromCheckout: z.boolean(),
  createdAt: z.string(),
  version: versionSchema,
});
export type Task = z.infer<typeof taskSchema>;
export const taskListSchema = z.object({ tasks: z.array(taskSchema) });
export const taskResponseSchema = z.object({ task: taskSchema });

/** «Per chi arriva», sent with the check-out: all of it is written with the reading, or nothing. */
export const handoverInputSchema = z.object({
  /** Supplies that ran out or low during the stay. */
  low: z.array(z.object({ id: z.string().max(100), state: z.enum(['low', 'out']) })).max(100).default([]),
  /** A problem found: it becomes a task. Its id is the client's, so its photo can follow it (offline too). */
  problem: z.object({ id: z.uuid(), title: taskTitleSchema, note: taskNoteSchema }).optional(),
  note: optionalFreeTextSchema({ max: HANDOVER_NOTE_MAX_LENGTH, tooLongCode: 'NOTE_TOO_LONG' }),
});
export type HandoverInput = z.infer<typeof handoverInputSchema>;

export const handoverSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  note: z.string().nullable(),
  /** The stay's departure. */
  date: isoDateSchema,
  createdAt: z.string(),
});
export type Handover = z.infer<typeof handoverSchema>;

/** Home's «Da sapere» for the viewer's next (or current) stay, shown from the day before arrival. */
export const toKnowSchema = z.object({
  stay: z.object({ bookingId: z.string(), start: isoDateSchema, end: isoDateSchema }).nullable(),
  handovers: z.array(handoverSchema),
  tasks: z.array(taskSchema),
  /** What is low or out and nobody said they bring. */
  supplies: z.array(supplySchema),
});
export type ToKnow = z.infer<typeof toKnowSchema>;
