import type { Kysely } from 'kysely';

/**
 * The daily backups (issue 44): one row per day on the house's clock, claimed by inserting it, so
 * two processes never write the same backup; it then records how the backup went (the copy's
 * file and size, or why it failed), which Impostazioni shows and the alerts read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('backups')
    .addColumn('day', 'text', (c) => c.primaryKey())
    // 'running' (claimed), 'ok' (written and checked) or 'failed'.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    // The copy's file name in BACKUP_DIR and its size in bytes (ok only).
    .addColumn('file', 'text')
    .addColumn('bytes', 'double precision')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('backups_finished').on('backups').columns(['status', 'finished_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('backups').execute();
}
