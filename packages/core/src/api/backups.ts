import { z } from 'zod';

export const backupStatusSchema = z.enum(['running', 'ok', 'failed']);

/** One day's backup as Impostazioni shows it. */
export const backupRunSchema = z.object({
  /** The day (house time) it is the backup of. */
  day: z.string(),
  status: backupStatusSchema,
  /** When it ended (ISO instant); null while running. */
  finishedAt: z.string().nullable(),
  /** The copy's size in bytes (ok only). */
  bytes: z.number().nullable(),
  /** Why it failed. */
  error: z.string().nullable(),
});
export type BackupRun = z.infer<typeof backupRunSchema>;

/**
 * GET /admin/backups: on SQLite the server's own daily backups (the last one, and the last good
 * one, which a superadmin may download); on PostgreSQL none: the database's own tools (pg_dump)
 * back it up.
 */
export const backupOverviewSchema = z.object({
  database: z.enum(['sqlite', 'postgres']),
  /** The hour (house time) the daily backup starts. */
  hour: z.number().int(),
  last: backupRunSchema.nullable(),
  lastGood: backupRunSchema.nullable(),
  /** Whether the last good backup's file is there to download. */
  downloadable: z.boolean(),
});
export type BackupOverview = z.infer<typeof backupOverviewSchema>;
