import { sql, type Kysely } from 'kysely';

/**
 * Whose upload each stored file is, so a member's files can be counted against their budget
 * (issue 39). Files stored before: a photo is its member's, a receipt (and its thumbnail) the
 * expense's author's, the best guess of who sent it; anything else stays the house's alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('owner_id', 'text').execute();
  await db.schema.createIndex('files_owner').on('files').column('owner_id').execute();
  await sql`update files set owner_id = (select users.id from users where 'photos/' || users.photo = files.key) where key like 'photos/%'`.execute(db);
  await sql`update files set owner_id = (
      select expenses.author_id from expenses
      where expenses.receipt_key = files.key or expenses.receipt_key || '.thumbnail.webp' = files.key
    ) where key like 'receipts/%'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('files_owner').execute();
  await db.schema.alterTable('files').dropColumn('owner_id').execute();
}
