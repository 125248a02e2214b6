import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import { deleteFileRow, findFile, upsertFile, type FileRow } from './repository.ts';

/**
 * Every uploaded file (profile photos, receipts, …) lives in the database's
 * `files` table, so any number of server processes on one PostgreSQL serve
 * it and a backup of the database is a backup of everything.
 *
 *   const key = contentKey('receipts', expenseId, bytes, 'jpg'); // new bytes, new key
 *   await putFile(trx, { key, contentType: 'image/jpeg', bytes }, ctx.now());
 *   url = versionedUrl(`/api/expenses/${expenseId}/receipt`, key);
 *   sendFile(reply, await getFile(ctx.db, key)); // 404 when missing, cached for a year
 *   await deleteFile(trx, oldKey);
 *
 * Keys are the caller's: a folder, then a name that changes when the bytes do,
 * which is what lets the served URL be cached as immutable. Pass a transaction
 * as `db` to store a file together with the row that points at it.
 */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;

export type StoredFile = FileRow;

/** `<folder>/<owner>-<first 12 hex of the bytes' SHA-256>.<extension>` */
export function contentKey(folder: string, owner: string, bytes: Buffer, extension: string): string {
  const version = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  return `${folder}/${owner}-${version}.${extension}`;
}

export async function putFile(db: Db, file: { key: string; contentType: string; bytes: Buffer }, now: Date): Promise<void> {
  if (file.bytes.length > FILE_MAX_BYTES) {
    throw new AppError(413, 'BODY_TOO_LARGE', `Files may have at most ${FILE_MAX_BYTES / 1024 / 1024} MB`);
  }
  await upsertFile(db, { ...file, size: file.bytes.length, createdAt: now.toISOString() });
}

export function getFile(db: Db, key: string): Promise<StoredFile | undefined> {
  return findFile(db, key);
}

export async function deleteFile(db: Db, key: string): Promise<void> {
  await deleteFileRow(db, key);
}

/** The address of a stored file: its name in `?v=` changes with the bytes, so caches never go stale. */
export function versionedUrl(path: string, key: string): string {
  return `${path}?v=${encodeURIComponent(key.slice(key.lastIndexOf('/') + 1))}`;
}

/** Sends a stored file, cached by the browser for a year (members only, so never by shared caches). */
export function sendFile(reply: FastifyReply, file: StoredFile | undefined, what = 'File'): FastifyReply {
  if (!file) throw new AppError(404, 'NOT_FOUND', `${what} not found`);
  return reply
    .header('content-type', file.contentType)
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .send(file.bytes);
}
