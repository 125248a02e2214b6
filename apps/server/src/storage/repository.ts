import type { Db } from '../db/database.ts';
import type { FilesTable } from '../db/schema.ts';

export type FileRow = FilesTable;

export async function upsertFile(db: Db, file: FileRow): Promise<void> {
  await db
    .insertInto('files')
    .values(file)
    .onConflict((oc) => oc.column('key').doUpdateSet({ contentType: file.contentType, bytes: file.bytes, size: file.size, createdAt: file.createdAt, ownerId: file.ownerId }))
    .execute();
}

/** Keeps the file already stored under the key; true when this one was added. */
export async function insertFileIfAbsent(db: Db, file: FileRow): Promise<boolean> {
  const result = await db.insertInto('files').values(file).onConflict((oc) => oc.column('key').doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function findFile(db: Db, key: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function deleteFileRow(db: Db, key: string): Promise<void> {
  await db.deleteFrom('files').where('key', '=', key).execute();
}

/** Bytes stored: of one owner, or of the whole house. */
export async function bytesStored(db: Db, ownerId?: string): Promise<number> {
  let query = db.selectFrom('files').select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('size'), eb.lit(0)).as('bytes'));
  if (ownerId !== undefined) query = query.where('ownerId', '=', ownerId);
  return Number((await query.executeTakeFirstOrThrow()).bytes);
}

/** Bytes stored per owner (null: the house's own files). */
export async function bytesStoredPerOwner(db: Db): Promise<{ ownerId: string | null; bytes: number }[]> {
  const rows = await db
    .selectFrom('files')
    .select((eb) => ['ownerId', eb.fn.sum<string | number>('size').as('bytes')])
    .groupBy('ownerId')
    .execute();
  return rows.map((row) => ({ ownerId: row.ownerId, bytes: Number(row.bytes) }));
}
